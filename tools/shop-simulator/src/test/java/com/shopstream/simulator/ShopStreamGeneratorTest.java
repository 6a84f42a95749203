package com.shopstream.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.simulator.GeneratedEvent.Kind;
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
                Duration.ZERO, 0, Duration.ofMinutes(30), 0, 0, 0);
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

    private static List<GeneratedEvent> events(GeneratorSettings settings) {
        List<GeneratedEvent> events = new ArrayList<>();
        new ShopStreamGenerator(settings).forEachRemaining(events::add);
        return events;
    }
}
