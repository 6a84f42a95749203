package com.shopstream.simulator;

import java.time.Duration;
import java.time.Instant;

/**
 * A seeded random shop stream. Orders are {@code spacing} apart in event time from {@code start}, each shifted back by
 * up to {@code maxDisorder} (bounded disorder); a {@code lateShare} of them is shifted back by {@code lateBy} to
 * {@code 2 × lateBy} instead (too late for any reasonable watermark); a {@code duplicateShare} is sent again a little
 * later; a {@code paidShare} gets a payment, {@code paymentOutsideShare} of those after the 5-minute bound, and
 * {@code amountMismatchShare} of them 1.00 more than the order's amount (for the join's reconciliation). A
 * {@code slightlyLateShare} of the orders that are not very late is shifted back by 4 to 8 minutes instead of the
 * disorder: too late for a 3-minute delay, while their payments (drawn as for any order) may still be on time, so
 * the join reports them unmatched with {@code order_late} or {@code no_order}. Both are drawn from a random stream of
 * their own, so that these shares change no other draw.
 */
public record GeneratorSettings(long seed, long orders, int customers, Instant start, Duration spacing,
                                Duration maxDisorder, double lateShare, Duration lateBy, double duplicateShare,
                                double paidShare, double paymentOutsideShare, double amountMismatchShare,
                                double slightlyLateShare) {

    /** The payment bound of the contract: a payment at most this long after its order matches it. */
    public static final Duration PAYMENT_BOUND = Duration.ofMinutes(5);

    public GeneratorSettings {
        if (orders < 0 || customers <= 0) {
            throw new IllegalArgumentException("orders must be >= 0 and customers > 0");
        }
        for (double share : new double[] {lateShare, duplicateShare, paidShare, paymentOutsideShare,
                amountMismatchShare, slightlyLateShare}) {
            if (share < 0 || share > 1) {
                throw new IllegalArgumentException("shares are between 0 and 1: " + share);
            }
        }
        if (spacing.isNegative() || maxDisorder.isNegative() || lateBy.isNegative()) {
            throw new IllegalArgumentException("durations must not be negative");
        }
    }

    /**
     * Defaults: orders 10 ms apart in event time, ending about now (so no event time is ahead of the wall clock),
     * disorder up to 30 s, 1 % very late (30 to 60 min), 10 % duplicates, 80 % paid, 10 % of payments outside the
     * bound, 1 % of payments of another amount, no slightly late orders, 1,000 customers.
     */
    public static GeneratorSettings defaults(long seed, long orders) {
        Duration spacing = Duration.ofMillis(10);
        return new GeneratorSettings(seed, orders, 1000, startEndingBeforeNow(spacing, orders), spacing,
                Duration.ofSeconds(30), 0.01, Duration.ofMinutes(30), 0.10, 0.80, 0.10, 0.01, 0);
    }

    /**
     * A start from which {@code orders} orders {@code spacing} apart end 10 minutes before now, on a whole minute: the
     * services refuse event times too far in the future.
     */
    public static Instant startEndingBeforeNow(Duration spacing, long orders) {
        return Instant.now().minus(spacing.multipliedBy(orders)).minus(Duration.ofMinutes(10))
                .truncatedTo(java.time.temporal.ChronoUnit.MINUTES);
    }

    public GeneratorSettings withStart(Instant newStart) {
        return new GeneratorSettings(seed, orders, customers, newStart, spacing, maxDisorder, lateShare, lateBy,
                duplicateShare, paidShare, paymentOutsideShare, amountMismatchShare, slightlyLateShare);
    }

    public GeneratorSettings withSpacing(Duration newSpacing) {
        return new GeneratorSettings(seed, orders, customers, start, newSpacing, maxDisorder, lateShare, lateBy,
                duplicateShare, paidShare, paymentOutsideShare, amountMismatchShare, slightlyLateShare);
    }

    public GeneratorSettings withShares(double late, double duplicates, double paid, double outside) {
        return new GeneratorSettings(seed, orders, customers, start, spacing, maxDisorder, late, lateBy, duplicates,
                paid, outside, amountMismatchShare, slightlyLateShare);
    }

    public GeneratorSettings withAmountMismatchShare(double share) {
        return new GeneratorSettings(seed, orders, customers, start, spacing, maxDisorder, lateShare, lateBy,
                duplicateShare, paidShare, paymentOutsideShare, share, slightlyLateShare);
    }

    public GeneratorSettings withSlightlyLateShare(double share) {
        return new GeneratorSettings(seed, orders, customers, start, spacing, maxDisorder, lateShare, lateBy,
                duplicateShare, paidShare, paymentOutsideShare, amountMismatchShare, share);
    }

    public GeneratorSettings withCustomers(int newCustomers) {
        return new GeneratorSettings(seed, orders, newCustomers, start, spacing, maxDisorder, lateShare, lateBy,
                duplicateShare, paidShare, paymentOutsideShare, amountMismatchShare, slightlyLateShare);
    }
}
