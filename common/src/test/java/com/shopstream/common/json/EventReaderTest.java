package com.shopstream.common.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.eventtime.BrokerClock;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EventReaderTest {

    private static final Instant NOW = Instant.parse("2026-01-22T12:00:00Z");
    private final EventReader reader = new EventReader(Clock.fixed(NOW, ZoneOffset.UTC), Duration.ofHours(1),
            new BrokerClock(System::nanoTime, () -> NOW.toEpochMilli()));

    @Test
    void readsTheContractExample() {
        Order order = reader.readOrder(bytes(
                "{\"order_id\":110,\"customer_id\":1,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:30Z\"}"));

        assertThat(order).isEqualTo(new Order(110, 1, new BigDecimal("12.50"), Instant.parse("2026-01-22T10:00:30Z")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "2026-01-22T10:00:30Z         | 2026-01-22T10:00:30Z",
            "2026-01-22T11:00:30+01:00    | 2026-01-22T10:00:30Z",
            "2026-01-22T05:00:30-05:00    | 2026-01-22T10:00:30Z",
            "2026-01-22T10:00:30          | 2026-01-22T10:00:30Z",
            "2026-01-22T10:00:30.250Z     | 2026-01-22T10:00:30.250Z",
            "2026-01-22T11:00:30+01:00[Europe/Paris] | 2026-01-22T10:00:30Z"})
    void readsIsoTimestampsWithOrWithoutZone(String text, String expected) {
        Order order = reader.readOrder(bytes(
                "{\"order_id\":1,\"customer_id\":1,\"amount\":1,\"order_ts\":\"" + text + "\"}"));

        assertThat(order.orderTs()).isEqualTo(Instant.parse(expected));
    }

    @Test
    void readsEpochMilliseconds() {
        Order order = reader.readOrder(bytes(
                "{\"order_id\":1,\"customer_id\":1,\"amount\":1,\"order_ts\":1769076030000}"));

        assertThat(order.orderTs()).isEqualTo(Instant.parse("2026-01-22T10:00:30Z"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "12.5        | 12.50",
            "12.50       | 12.50",
            "12.500      | 12.50",
            "8           | 8.00",
            "0           | 0.00",
            "1.25e1      | 12.50",
            "0.1         | 0.10"})
    void readsAmountsAsExactDecimalsWithTwoFractionDigits(String json, String expected) {
        Order order = reader.readOrder(bytes(
                "{\"order_id\":1,\"customer_id\":1,\"amount\":" + json + ",\"order_ts\":\"2026-01-22T10:00:30Z\"}"));

        assertThat(order.amount()).isEqualTo(new BigDecimal(expected));
    }

    @Test
    void ignoresUnknownFieldsOfAnyShape() {
        Order order = reader.readOrder(bytes("{\"note\":{\"a\":[1,2,{\"b\":null}]},\"order_id\":7,"
                + "\"channel\":\"web\",\"customer_id\":3,\"amount\":1.10,\"order_ts\":\"2026-01-22T10:00:30Z\","
                + "\"tags\":[]}"));

        assertThat(order.orderId()).isEqualTo(7);
        assertThat(order.customerId()).isEqualTo(3);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "``                                  | value is empty",
            "`not json`                          | not valid JSON at column 1: Unrecognized token 'not'",
            "`{\"order_id\":1,,}`              | not valid JSON at column 15: Unexpected character (',' (code 44))",
            "`[1,2]`                             | not a JSON object",
            "`\"text\"`                        | not a JSON object"})
    void rejectsWhatIsNotAJsonObject(String json, String reason) {
        assertReason(json, reason, null);
    }

    @Test
    void rejectsTruncatedJson() {
        assertThatThrownBy(() -> reader.readOrder(bytes("{\"order_id\":1,\"customer_id\":1")))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not valid JSON at column 30: Unexpected end-of-input");
    }

    @Test
    void rejectsNullValuesAndTrailingContent() {
        assertReason(null, "value is null", null);
        assertReason(order("1", "1", "1", "\"2026-01-22T10:00:30Z\"") + " {}",
                "trailing content after the JSON object", null);
    }

    @ParameterizedTest(name = "{4}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "`\"110\"` | 1         | 1        | `\"2026-01-22T10:00:30Z\"` | order_id must be a JSON number, not a string | order_id",
            "1.5       | 1         | 1        | `\"2026-01-22T10:00:30Z\"` | order_id is not an integer                   | order_id",
            "null      | 1         | 1        | `\"2026-01-22T10:00:30Z\"` | order_id is null                             | order_id",
            "99999999999999999999 | 1 | 1     | `\"2026-01-22T10:00:30Z\"` | order_id is out of range                     | order_id",
            "1         | true      | 1        | `\"2026-01-22T10:00:30Z\"` | customer_id must be an integer               | customer_id",
            "1         | 1         | -0.01    | `\"2026-01-22T10:00:30Z\"` | amount is negative                           | amount",
            "1         | 1         | 12.505   | `\"2026-01-22T10:00:30Z\"` | amount has 3 fraction digits                 | amount",
            "1         | 1         | `\"12.50\"` | `\"2026-01-22T10:00:30Z\"` | amount must be a JSON number, not a string | amount",
            "1         | 1         | 1e20     | `\"2026-01-22T10:00:30Z\"` | amount has more than 15 integer digits       | amount",
            "1         | 1         | 5049e2449322160 | `\"2026-01-22T10:00:30Z\"` | amount is out of range             | amount",
            "1         | 1         | 1        | `\"2026-01-22 10:00:30\"`  | order_ts is not an ISO-8601 timestamp: \"2026-01-22 10:00:30\" | order_ts",
            "1         | 1         | 1        | `\"2026-02-30T10:00:30Z\"` | order_ts is not an ISO-8601 timestamp: \"2026-02-30T10:00:30Z\" | order_ts",
            "1         | 1         | 1        | `\"yesterday\"`            | order_ts is not an ISO-8601 timestamp: \"yesterday\" | order_ts",
            "1         | 1         | 1        | 1769076030000.5            | order_ts epoch milliseconds must be an integer | order_ts",
            "1         | 1         | 1        | -1                         | order_ts is before 1970-01-01T00:00:00Z      | order_ts",
            "1         | 1         | 1        | null                       | order_ts is null                             | order_ts",
            "1         | 1         | 1        | `{}`                       | order_ts must be an ISO-8601 string or epoch milliseconds | order_ts"})
    void rejectsEachBadFieldWithItsReason(String orderId, String customerId, String amount, String ts,
                                          String reason, String field) {
        assertReason(order(orderId, customerId, amount, ts), reason, field);
    }

    @Test
    void readingDoesNotLookAtTheWallClock() {
        // a topic's readers decide on the record's broker time (FutureBound), the same on any replay
        Order order = reader.readOrder(bytes(order("1", "1", "1", "\"2026-01-22T15:00:00Z\"")));

        assertThat(order.orderTs()).isEqualTo(NOW.plus(Duration.ofHours(3)));
    }

    @Test
    void theEdgeRefusesAnEventTimeMoreThanTheSkewAheadOfItsWallClock() {
        Order justInside = reader.readOrder(bytes(order("1", "1", "1", "\"2026-01-22T13:00:00Z\"")));
        Order outside = reader.readOrder(bytes(order("1", "1", "1", "\"2026-01-22T13:00:01Z\"")));

        assertThat(reader.notTooFarAhead(justInside)).isSameAs(justInside);
        assertThatThrownBy(() -> reader.notTooFarAhead(outside))
                .isInstanceOf(InvalidEventException.class)
                .hasMessage("order_ts 2026-01-22T13:00:01Z is more than PT1H ahead of the wall clock")
                .extracting(e -> ((InvalidEventException) e).field()).isEqualTo("order_ts");
    }

    @ParameterizedTest(name = "{0} missing")
    @CsvSource({"order_id", "customer_id", "amount", "order_ts"})
    void namesTheMissingField(String field) {
        String json = order("1", "2", "3", "\"2026-01-22T10:00:30Z\"")
                .replaceAll("\"" + field + "\":(\"[^\"]*\"|[^,}]*),?", "")
                .replace(",}", "}");

        assertReason(json, field + " missing", field);
    }

    @Test
    void rejectsADuplicatedField() {
        assertReason("{\"order_id\":1,\"order_id\":2,\"customer_id\":1,\"amount\":1,\"order_ts\":0}",
                "order_id appears twice", "order_id");
    }

    @Test
    void readsAPaymentAndItsOwnRules() {
        Payment payment = reader.readPayment(bytes(
                "{\"payment_id\":\"pay-7\",\"order_id\":110,\"amount\":12.50,\"paid_ts\":\"2026-01-22T10:03:00Z\"}"));

        assertThat(payment).isEqualTo(new Payment("pay-7", 110, new BigDecimal("12.50"),
                Instant.parse("2026-01-22T10:03:00Z")));
        assertThatThrownBy(() -> reader.readPayment(bytes(
                "{\"payment_id\":\"pay-7\",\"amount\":1,\"paid_ts\":\"2026-01-22T10:03:00Z\"}")))
                .hasMessage("order_id missing");
        assertThatThrownBy(() -> reader.readPayment(bytes(
                "{\"payment_id\":\" \",\"order_id\":1,\"amount\":1,\"paid_ts\":\"2026-01-22T10:03:00Z\"}")))
                .hasMessage("payment_id is empty");
        assertThatThrownBy(() -> reader.readPayment(bytes(
                "{\"payment_id\":7,\"order_id\":1,\"amount\":1,\"paid_ts\":\"2026-01-22T10:03:00Z\"}")))
                .hasMessage("payment_id must be a string");
        assertThatThrownBy(() -> reader.readPayment(bytes(
                "{\"payment_id\":\"p\",\"order_id\":1,\"amount\":1}")))
                .hasMessage("paid_ts missing");
    }

    @Test
    void writesCanonicalJsonThatReadsBackEqual() {
        Order order = new Order(110, 1, new BigDecimal("12.50"), Instant.parse("2026-01-22T10:00:30Z"));

        String json = new String(EventWriter.write(order), StandardCharsets.UTF_8);

        assertThat(json).isEqualTo(
                "{\"order_id\":110,\"customer_id\":1,\"amount\":12.50,\"order_ts\":\"2026-01-22T10:00:30Z\"}");
        assertThat(reader.readOrder(EventWriter.write(order))).isEqualTo(order);
    }

    private void assertReason(String json, String reason, String field) {
        assertThatThrownBy(() -> reader.readOrder(json == null ? null : bytes(json)))
                .isInstanceOfSatisfying(InvalidEventException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo(reason);
                    assertThat(e.field()).isEqualTo(field);
                });
    }

    private static String order(String orderId, String customerId, String amount, String ts) {
        return "{\"order_id\":" + orderId + ",\"customer_id\":" + customerId + ",\"amount\":" + amount
                + ",\"order_ts\":" + ts + "}";
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
