package com.shopstream.session.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * What {@link SessionTopology} needs; built from {@code SessionProperties} (where the defaults are).
 *
 * @param gap                  session gap: an order within it of a session's last order joins the session
 * @param grace                watermark delay of the sessions
 * @param sessionsTopic        update mode: every change of a session (tombstones for sessions absorbed by a merge);
 *                             {@code null} (or blank) to write none: append mode only
 * @param finalSessionsTopic   append mode: each session once, after it is final
 * @param streaksTopic         every change of a customer's streak, and its last value on timeout; {@code null} (or
 *                             blank) to not run the streak
 * @param streakThreshold      the smallest amount that continues a streak
 * @param streakTimeout        quiet time after which a customer's streak times out and its state goes
 * @param streakClock          what measures quiet time
 * @param streakCheckInterval  how often timeouts are checked (in stream time, or wall-clock time)
 * @param repartitionBatchSize orders per record of the repartition by customer at most ({@code 1}: one each)
 * @param allowedLateness      how far past {@code order_ts + gap} an order is still admitted, revising the final
 *                             sessions it touches (kept {@code gap} + this after their end); {@link Duration#ZERO}:
 *                             a final session is gone
 */
public record SessionConfig(String ordersTopic, String lateTopic, Duration gap, Duration grace,
                            String sessionsTopic, String finalSessionsTopic, String streaksTopic,
                            BigDecimal streakThreshold, Duration streakTimeout, StreakClock streakClock,
                            Duration streakCheckInterval, StateStoreKind stores, ShopTopics topics,
                            int repartitionBatchSize, Duration allowedLateness) {

    public SessionConfig {
        Objects.requireNonNull(ordersTopic, "ordersTopic");
        Objects.requireNonNull(lateTopic, "lateTopic");
        Objects.requireNonNull(finalSessionsTopic, "finalSessionsTopic");
        sessionsTopic = sessionsTopic == null || sessionsTopic.isBlank() ? null : sessionsTopic;
        streaksTopic = streaksTopic == null || streaksTopic.isBlank() ? null : streaksTopic;
        if (finalSessionsTopic.isBlank()) {
            throw new IllegalArgumentException("shopstream.session.final-topic must be set: the sessions always run "
                    + "(only their update rows and the streak can be left out)");
        }
        distinct(ordersTopic, lateTopic, sessionsTopic, finalSessionsTopic, streaksTopic);
        Objects.requireNonNull(streakThreshold, "streakThreshold");
        Objects.requireNonNull(streakClock, "streakClock");
        Objects.requireNonNull(stores, "stores");
        Objects.requireNonNull(topics, "topics");
        positive(gap, "session gap");
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("session grace must not be negative: " + grace);
        }
        if (allowedLateness == null || allowedLateness.isNegative()) {
            throw new IllegalArgumentException("shopstream.session.allowed-lateness must not be negative: "
                    + allowedLateness);
        }
        positive(streakTimeout, "streak timeout");
        positive(streakCheckInterval, "streak check interval");
    }

    /**
     * Two outputs on one topic would mix kinds of rows under one key format, and an output on the input would read its
     * own rows as orders.
     */
    private static void distinct(String... topics) {
        Set<String> seen = new HashSet<>();
        for (String topic : topics) {
            if (topic != null && !seen.add(topic)) {
                throw new IllegalArgumentException("session-service's input and outputs must be distinct topics, "
                        + "but two of them are " + topic + " (shopstream.topics.orders, its late topic, "
                        + "shopstream.session.update-topic, final-topic, streak.topic)");
            }
        }
    }

    /** Whether update rows are written (to {@link #sessionsTopic}). */
    public boolean writesUpdates() {
        return sessionsTopic != null;
    }

    /** Whether the streak runs (to {@link #streaksTopic}). */
    public boolean runsStreak() {
        return streaksTopic != null;
    }

    private static void positive(Duration duration, String what) {
        if (duration == null || duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive: " + duration);
        }
    }
}
