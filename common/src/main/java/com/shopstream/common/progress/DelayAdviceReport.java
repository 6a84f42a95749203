package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.shopstream.eventtime.DelayAdvice;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What {@code GET /actuator/delayadvice} returns: per query and input, how far behind their partition's newest event
 * time the records of the horizon came, the delay that would have kept 99 %, 99.9 % and all of them, and the share
 * the current delay kept (see {@link DelayAdvice}).
 */
public record DelayAdviceReport(
        @JsonProperty("service") String service,
        @JsonProperty("at") Instant at,
        @JsonProperty("horizon_seconds") double horizonSeconds,
        @JsonProperty("queries") List<Query> queries) {

    public record Query(
            @JsonProperty("query") String query,
            @JsonProperty("inputs") List<Input> inputs) {
    }

    /**
     * @param outOfOrder out-of-orderness quantiles and maximum (seconds, to the histogram's precision, rounded up)
     */
    public record Input(
            @JsonProperty("input") String input,
            @JsonProperty("records") long records,
            @JsonProperty("current") Current current,
            @JsonProperty("choices") List<Choice> choices,
            @JsonProperty("out_of_order_seconds") OutOfOrder outOfOrder) {

        static Input of(String topic, DelayAdvice advice) {
            return new Input(topic, advice.records(),
                    new Current(seconds(advice.currentDelay()), advice.currentKeeps()),
                    advice.choices().stream().map(c -> new Choice(c.keeps(), seconds(c.delay()),
                            seconds(c.finalsLater()))).toList(),
                    new OutOfOrder(seconds(advice.p50()), seconds(advice.p99()), seconds(advice.p999()),
                            seconds(advice.max())));
        }
    }

    /** @param keeps the share of the horizon's records the current delay kept */
    public record Current(
            @JsonProperty("delay_seconds") double delaySeconds,
            @JsonProperty("keeps") double keeps) {
    }

    /** @param finalsLaterSeconds how much later than with the current delay finals would come (negative: earlier) */
    public record Choice(
            @JsonProperty("keeps") double keeps,
            @JsonProperty("delay_seconds") double delaySeconds,
            @JsonProperty("finals_later_seconds") double finalsLaterSeconds) {
    }

    public record OutOfOrder(
            @JsonProperty("p50") double p50,
            @JsonProperty("p99") double p99,
            @JsonProperty("p99_9") double p999,
            @JsonProperty("max") double max) {
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
