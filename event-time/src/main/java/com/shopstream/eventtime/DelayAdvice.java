package com.shopstream.eventtime;

import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What the records of one input say about its watermark delay: the delay that would have kept 99 %, 99.9 % and all
 * of the records seen over the horizon, the share the current delay kept, and what each choice costs — how much
 * later (or earlier) finals would come than with the current delay ({@link FinalsShift}: a result is final once the
 * query's watermark, the oldest partition watermark, has passed it).
 *
 * <p>"Kept" is the contract's promise: a record no more than the delay behind the newest event time of its own
 * partition. That is exact for the join and dedup; a window or session query also keeps some records further behind
 * (their window has not ended yet), so for them the advice errs on the long side.
 *
 * @param records      records seen over the horizon
 * @param currentDelay the delay the input's query runs with
 * @param currentKeeps the share of the records it kept
 * @param choices      the delay for each share of {@link #SHARES}, shortest first
 * @param p50          out-of-orderness quantiles and maximum, in the histogram's precision (upper bucket ends)
 */
public record DelayAdvice(long records, Duration currentDelay, double currentKeeps, List<Choice> choices,
                          Duration p50, Duration p99, Duration p999, Duration max) {

    /** The shares of the records a choice keeps: 99 %, 99.9 %, all. */
    public static final List<Double> SHARES = List.of(0.99, 0.999, 1.0);

    /**
     * @param keeps       the share of the records seen that this delay would have kept
     * @param delay       the delay
     * @param finalsLater how much later than now finals would come with it (negative: earlier)
     */
    public record Choice(double keeps, Duration delay, Duration finalsLater) {
    }

    /** The advice for the only input of a query that runs with {@code currentDelay}, from its recent figures. */
    public static DelayAdvice of(OutOfOrderWindow.Snapshot figures, Duration currentDelay) {
        return of(figures, currentDelay, delay -> delay.minus(currentDelay));
    }

    /**
     * The advice for an input whose query runs with {@code currentDelay} for it.
     *
     * @param finalsLater how much later finals would come with a delay instead of the current one
     */
    public static DelayAdvice of(OutOfOrderWindow.Snapshot figures, Duration currentDelay,
                                 UnaryOperator<Duration> finalsLater) {
        OutOfOrderHistogram histogram = figures.histogram();
        List<Choice> choices = SHARES.stream().map(share -> {
            Duration delay = Duration.ofMillis(histogram.delayKeeping(share));
            return new Choice(share, delay, finalsLater.apply(delay));
        }).toList();
        return new DelayAdvice(histogram.total(), currentDelay, figures.keptShare(currentDelay), choices,
                Duration.ofMillis(histogram.delayKeeping(0.5)), Duration.ofMillis(histogram.delayKeeping(0.99)),
                Duration.ofMillis(histogram.delayKeeping(0.999)), Duration.ofMillis(histogram.max()));
    }
}
