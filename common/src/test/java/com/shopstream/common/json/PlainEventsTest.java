package com.shopstream.common.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.eventtime.BrokerClock;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The plain path against the strict reader: it reads what producers send with the same result, and whatever it reads
 * of anything else — mutations of real events, one byte at a time — the strict reader reads the same; what it does
 * not read goes to the strict reader, so {@code readOrder} and {@code readPayment} answer exactly as the strict reader
 * does, refusals and their reasons included.
 */
class PlainEventsTest {

    /** At the latest instant the reader accepts, with no skew: the future check never decides here. */
    private final EventReader reader = new EventReader(Clock.fixed(JsonFields.LATEST, ZoneOffset.UTC), Duration.ZERO,
            new BrokerClock(System::nanoTime, () -> JsonFields.LATEST.toEpochMilli()));
    /** The smallest number of 19 digits: the plain path reads at most 18. */
    private static final long MAX_PLAIN_ID = 1_000_000_000_000_000_000L;
    private static final byte[] NOISE = "{}[]\":,.-+eE0123456789 \t\\aZTu_".getBytes(StandardCharsets.US_ASCII);

    @Test
    void readsWhatProducersSendAsTheStrictReaderDoes() {
        Random random = new Random(42);
        int read = 0;
        for (int i = 0; i < 20_000; i++) {
            Order order = randomOrder(random);
            byte[] json = EventWriter.write(order);
            Payment payment = randomPayment(random);
            byte[] paid = EventWriter.write(payment);
            assertThat(reader.strictOrder(json)).isEqualTo(order);
            assertThat(reader.strictPayment(paid)).isEqualTo(payment);
            if (order.orderId() < MAX_PLAIN_ID && order.customerId() < MAX_PLAIN_ID) {
                assertThat(PlainEvents.order(json)).as(text(json)).isEqualTo(order);
                read++;
            } else {
                assertThat(PlainEvents.order(json)).as("19 digits: " + text(json)).isNull();
            }
            if (payment.orderId() < MAX_PLAIN_ID && !payment.paymentId().contains("\"")
                    && !payment.paymentId().contains("\\")) {
                assertThat(PlainEvents.payment(paid)).as(text(paid)).isEqualTo(payment);
                read++;
            } else {
                assertThat(PlainEvents.payment(paid)).as("escaped or 19 digits: " + text(paid)).isNull();
            }
        }
        assertThat(read).isGreaterThan(20_000);
    }

    @Test
    void whateverItReadsOfAMutatedEventTheStrictReaderReadsTheSame() {
        Random random = new Random(7);
        int read = 0;
        int leftToTheStrictReader = 0;
        for (int i = 0; i < 50_000; i++) {
            boolean isOrder = i % 2 == 0;
            byte[] json = mutate(isOrder ? EventWriter.write(randomOrder(random))
                    : EventWriter.write(randomPayment(random)), random);
            Object plain = isOrder ? PlainEvents.order(json) : PlainEvents.payment(json);
            String strict = outcome(isOrder ? reader::strictOrder : reader::strictPayment, json);
            if (plain != null) {
                read++;
                assertThat(strict).as(text(json)).isEqualTo("read " + plain);
            } else {
                leftToTheStrictReader++;
            }
            assertThat(outcome(isOrder ? reader::readOrder : reader::readPayment, json)).as(text(json))
                    .isEqualTo(strict);
        }
        // both sides of the property were exercised
        assertThat(read).isGreaterThan(1_000);
        assertThat(leftToTheStrictReader).isGreaterThan(10_000);
    }

    @Test
    void leavesEveryOtherShapeToTheStrictReader() {
        List<String> notPlain = List.of(
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.500,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":-1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":01,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":1e2,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1, \"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order\\u005fid\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:00Z\",\"x\":1}",
                "{\"order_id\":1,\"order_id\":1,\"customer_id\":2,\"amount\":1,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1234567890123456789,\"customer_id\":2,\"amount\":1,"
                        + "\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":1234567890123456,\"order_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"1969-12-31T23:59:59Z\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T11:00:00+01:00\"}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":1769076000000}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:00Z\"}x",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50}",
                "{\"order_id\":1,\"customer_id\":2,\"amount\":12.50,\"order_ts\":\"\"}");
        for (String text : notPlain) {
            byte[] json = text.getBytes(StandardCharsets.UTF_8);
            assertThat(PlainEvents.order(json)).as(text).isNull();
            assertThat(outcome(reader::readOrder, json)).as(text).isEqualTo(outcome(reader::strictOrder, json));
        }
        List<String> notPlainPayments = List.of(
                "{\"payment_id\":\"\",\"order_id\":1,\"amount\":12.50,\"paid_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"payment_id\":\"pay 7\",\"order_id\":1,\"amount\":12.50,\"paid_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"payment_id\":\"pay\\\"7\",\"order_id\":1,\"amount\":12.50,\"paid_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"payment_id\":\"" + "p".repeat(EventReader.MAX_PAYMENT_ID_LENGTH + 1)
                        + "\",\"order_id\":1,\"amount\":12.50,\"paid_ts\":\"2026-01-22T10:00:00Z\"}",
                "{\"payment_id\":7,\"order_id\":1,\"amount\":12.50,\"paid_ts\":\"2026-01-22T10:00:00Z\"}");
        for (String text : notPlainPayments) {
            byte[] json = text.getBytes(StandardCharsets.UTF_8);
            assertThat(PlainEvents.payment(json)).as(text).isNull();
            assertThat(outcome(reader::readPayment, json)).as(text).isEqualTo(outcome(reader::strictPayment, json));
        }
    }

    @Test
    void readsTheContractsFieldsInAnyOrderAndTheLongestPlainValues() {
        String text = "{\"order_ts\":\"2026-01-22T10:00:30.5Z\",\"amount\":999999999999999.9,"
                + "\"customer_id\":0,\"order_id\":999999999999999999}";
        byte[] json = text.getBytes(StandardCharsets.UTF_8);
        assertThat(PlainEvents.order(json)).isEqualTo(reader.strictOrder(json)).isEqualTo(new Order(
                999_999_999_999_999_999L, 0, new BigDecimal("999999999999999.90"),
                Instant.parse("2026-01-22T10:00:30.500Z")));
        String payment = "{\"paid_ts\":\"2026-01-22T10:00:00Z\",\"amount\":0,\"order_id\":7,\"payment_id\":\"" + "p"
                .repeat(EventReader.MAX_PAYMENT_ID_LENGTH) + "\"}";
        byte[] paid = payment.getBytes(StandardCharsets.UTF_8);
        assertThat(PlainEvents.payment(paid)).isNotNull().isEqualTo(reader.strictPayment(paid));
    }

    private static Order randomOrder(Random random) {
        return new Order(randomId(random), randomId(random), randomAmount(random), randomInstant(random));
    }

    private static Payment randomPayment(Random random) {
        StringBuilder id = new StringBuilder();
        int length = 1 + random.nextInt(random.nextInt(10) == 0 ? EventReader.MAX_PAYMENT_ID_LENGTH : 12);
        for (int i = 0; i < length; i++) {
            id.append((char) ('!' + random.nextInt('~' - '!' + 1)));   // printable ASCII, quotes and backslashes too
        }
        return new Payment(id.toString(), randomId(random), randomAmount(random), randomInstant(random));
    }

    private static long randomId(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(10);
            case 1 -> random.nextInt(1_000_000);
            case 2 -> Math.floorMod(random.nextLong(), 1_000_000_000_000_000_000L);
            default -> Math.floorMod(random.nextLong(), Long.MAX_VALUE);   // 19 digits now and then: strict path
        };
    }

    private static BigDecimal randomAmount(Random random) {
        long cents = switch (random.nextInt(3)) {
            case 0 -> random.nextInt(100);
            case 1 -> random.nextInt(1_000_000);
            default -> Math.floorMod(random.nextLong(), 100_000_000_000_000_000L);   // up to 15 integer digits
        };
        return BigDecimal.valueOf(cents, 2);
    }

    private static Instant randomInstant(Random random) {
        long latest = JsonFields.LATEST.getEpochSecond();
        Instant second = Instant.ofEpochSecond(random.nextInt(3) == 0
                ? Math.floorMod(random.nextLong(), latest)
                : 1_700_000_000L + random.nextInt(100_000_000));
        return switch (random.nextInt(4)) {
            case 0 -> second;
            case 1 -> second.plusMillis(random.nextInt(1000));
            case 2 -> second.plusNanos(random.nextInt(1_000_000_000));
            default -> second.plusNanos(random.nextInt(1_000_000) * 1000L);
        };
    }

    /** One to three random edits: a byte replaced, inserted, deleted, or a field repeated. */
    private static byte[] mutate(byte[] json, Random random) {
        byte[] mutated = json;
        for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
            int at = random.nextInt(mutated.length);
            byte noise = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : NOISE[random.nextInt(NOISE.length)];
            mutated = switch (random.nextInt(4)) {
                case 0 -> replace(mutated, at, noise);
                case 1 -> insert(mutated, at, noise);
                case 2 -> delete(mutated, at);
                default -> repeatFirstField(mutated);
            };
        }
        return mutated;
    }

    private static byte[] replace(byte[] json, int at, byte b) {
        byte[] copy = json.clone();
        copy[at] = b;
        return copy;
    }

    private static byte[] insert(byte[] json, int at, byte b) {
        byte[] copy = new byte[json.length + 1];
        System.arraycopy(json, 0, copy, 0, at);
        copy[at] = b;
        System.arraycopy(json, at, copy, at + 1, json.length - at);
        return copy;
    }

    private static byte[] delete(byte[] json, int at) {
        byte[] copy = new byte[json.length - 1];
        System.arraycopy(json, 0, copy, 0, at);
        System.arraycopy(json, at + 1, copy, at, json.length - at - 1);
        return copy;
    }

    private static byte[] repeatFirstField(byte[] json) {
        String text = text(json);
        int comma = text.indexOf(',');
        return comma < 1 ? json
                : (text.substring(0, comma) + "," + text.substring(1)).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** What a read gives: the event, or the refusal's reason. */
    private static String outcome(Function<byte[], Object> read, byte[] json) {
        try {
            return "read " + read.apply(json);
        } catch (InvalidEventException refused) {
            return "refused " + refused.getMessage();
        }
    }

    private static String text(byte[] json) {
        return new String(json, StandardCharsets.ISO_8859_1);
    }
}
