package com.shopstream.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.shopstream.simulator.GeneratedEvent.Kind;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShopStreamGeneratorTest {

    private static final GeneratorSettings SETTINGS = GeneratorSettings.defaults(7, 20_000);

    @Test
    void theSameSeedGivesTheSameStream() {
        assertThat(events(SETTINGS)).isEqualTo(events(SETTINGS));
        assertThat(events(SETTINGS)).isNotEqualTo(events(GeneratorSettings.defaults(8, 20_000)
                .withStart(SETTINGS.start())));
    }

    @Test
    void aSpacingBelowAMillisecondStillAdvancesEventTime() {
        // 20,000 orders a second, as the live benchmark sends them: 50 µs apart (no disorder, so times are exact)
        GeneratorSettings live = new GeneratorSettings(7, 20_000, 1000, SETTINGS.start(), Duration.ofNanos(50_000),
                Duration.ZERO, 0, Duration.ofMinutes(30), 0, 0, 0, 0, 0);
        List<GeneratedEvent> events = events(live);
        long first = live.start().toEpochMilli();

        assertThat(events.get(19).eventTime()).isEqualTo(first);
        assertThat(events.get(20).eventTime()).isEqualTo(first + 1);
        assertThat(events.get(19_999).eventTime()).isEqualTo(first + 999);
    }

    @Test
    void generatesEachKindInItsShare() {
        ShopStreamGenerator generator = new ShopStreamGenerator(SETTINGS);
        generator.forEachRemaining(event -> { });
        Map<Kind, Long> counts = generator.counts();

        assertThat(counts.get(Kind.ORDER) + counts.get(Kind.LATE_ORDER)).isEqualTo(20_000);
        assertThat(counts.get(Kind.LATE_ORDER)).isBetween(150L, 250L);          // 1 %
        assertThat(counts.get(Kind.DUPLICATE_ORDER)).isBetween(1_800L, 2_200L); // 10 % of on-time orders
        long payments = counts.get(Kind.PAYMENT) + counts.get(Kind.PAYMENT_OUTSIDE_BOUND);
        assertThat(payments).isBetween(15_500L, 16_200L);                       // 80 %
        assertThat(counts.get(Kind.PAYMENT_OUTSIDE_BOUND)).isBetween(1_400L, 1_800L);
    }

    @Test
    void disorderIsBoundedAndOnlyLateOrdersFallBehindTheWatermark() {
        long newest = Long.MIN_VALUE;
        long delay = Duration.ofMinutes(3).toMillis();
        Map<Kind, Long> behindWatermark = new HashMap<>();
        for (GeneratedEvent event : events(SETTINGS)) {
            if (newest != Long.MIN_VALUE && event.eventTime() < newest - delay) {
                behindWatermark.merge(event.kind(), 1L, Long::sum);
            }
            newest = Math.max(newest, event.eventTime());
        }
        assertThat(behindWatermark.keySet()).containsOnly(Kind.LATE_ORDER);
    }

    @Test
    void paymentsFallInsideOrOutsideTheBoundAsLabelled() {
        Map<Long, Long> orderTimes = new HashMap<>();
        long bound = GeneratorSettings.PAYMENT_BOUND.toMillis();
        for (GeneratedEvent event : events(SETTINGS)) {
            if (event.kind() == Kind.ORDER) {
                orderTimes.put(event.orderId(), event.eventTime());
            } else if (event.kind() == Kind.PAYMENT) {
                long after = event.eventTime() - orderTimes.get(event.orderId());
                assertThat(after).isBetween(0L, bound);
            } else if (event.kind() == Kind.PAYMENT_OUTSIDE_BOUND) {
                assertThat(event.eventTime() - orderTimes.get(event.orderId())).isGreaterThan(bound);
            }
        }
    }

    @Test
    void aShareOfPaymentsIsOfAnotherAmountWithoutChangingAnythingElse() {
        Map<Long, String> orderAmounts = new HashMap<>();
        long payments = 0;
        long differing = 0;
        for (GeneratedEvent event : events(SETTINGS)) {
            if (event.kind() == Kind.ORDER) {
                orderAmounts.put(event.orderId(), amount(event));
            } else if (!event.isOrder()) {
                payments++;
                if (!amount(event).equals(orderAmounts.get(event.orderId()))) {
                    differing++;
                    assertThat(new BigDecimal(amount(event)))
                            .isEqualByComparingTo(new BigDecimal(orderAmounts.get(event.orderId()))
                                    .add(BigDecimal.ONE));
                }
            }
        }
        assertThat(differing).as("1 %% of %d", payments).isBetween(100L, 220L);
        assertThat(events(SETTINGS.withAmountMismatchShare(0))).extracting(GeneratedEvent::orderId, GeneratedEvent::kind,
                GeneratedEvent::eventTime).as("the same events, in the same order, at the same times")
                .isEqualTo(events(SETTINGS).stream().map(e -> tuple(e.orderId(),
                        e.kind(), e.eventTime())).toList());
    }

    @Test
    void slightlyLateOrdersComeFourToEightMinutesBehindWithTheirPayments() {
        GeneratorSettings settings = SETTINGS.withSlightlyLateShare(0.02);
        Map<Long, Long> slightlyLate = new HashMap<>();
        long newest = Long.MIN_VALUE;
        long paid = 0;
        for (GeneratedEvent event : events(settings)) {
            if (event.kind() == Kind.SLIGHTLY_LATE_ORDER && newest != Long.MIN_VALUE) {
                long behind = newest - event.eventTime();
                assertThat(behind).as("behind the newest order").isBetween(4 * 60_000L - 31_000, 8 * 60_000L);
                slightlyLate.put(event.orderId(), event.eventTime());
            } else if (event.kind() == Kind.PAYMENT && slightlyLate.containsKey(event.orderId())) {
                paid++;
                assertThat(event.eventTime() - slightlyLate.get(event.orderId()))
                        .isBetween(0L, GeneratorSettings.PAYMENT_BOUND.toMillis());
            }
            if (event.isOrder()) {
                newest = Math.max(newest, event.eventTime());
            }
        }
        assertThat(slightlyLate).as("2 % of 20,000").hasSizeBetween(300, 500);
        assertThat(paid).as("most of them paid within the bound").isGreaterThan(200);
    }

    private static String amount(GeneratedEvent event) {
        String json = event.json();
        int start = json.indexOf("\"amount\":") + 9;
        return json.substring(start, json.indexOf(',', start));
    }

    private static List<GeneratedEvent> events(GeneratorSettings settings) {
        List<GeneratedEvent> events = new ArrayList<>();
        new ShopStreamGenerator(settings).forEachRemaining(events::add);
        return events;
    }
}
