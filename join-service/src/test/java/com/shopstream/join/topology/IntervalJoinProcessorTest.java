package com.shopstream.join.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/** The join at the processor: what it writes when a row it writes fails. */
class IntervalJoinProcessorTest {

    private static final Duration DELAY = Duration.ofMinutes(3);
    private static final long BOUND = Duration.ofMinutes(5).toMillis();
    private static final QueryLateness QUERY = QueryLateness.perInput(OrderPaymentJoinTopology.QUERY,
            Map.of("orders", DELAY, "payments", DELAY), new EventTimeBound());

    /** How many of the next unpaid rows fail to be written (a serializer or a producer's error). */
    private int failingUnpaidRows;
    private final MockProcessorContext<String, JoinResult> context =
            new MockProcessorContext<>(TestStreams.forDriver("join-service").properties()) {
                @Override
                public <K extends String, V extends JoinResult> void forward(Record<K, V> record) {
                    if (record.value() instanceof JoinResult.Unpaid && failingUnpaidRows > 0) {
                        failingUnpaidRows--;
                        throw new IllegalStateException("the unpaid row could not be written");
                    }
                    super.forward(record);
                }
            };

    @Test
    void anUnpaidRowThatFailsLeavesTheOtherOrdersForTheNextMoveOfTheWatermark() {
        IntervalJoinProcessor join = processor();
        join.process(order(1, "10:00:00"));
        join.process(order(2, "10:00:01"));
        failingUnpaidRows = 1;

        // the watermark (the frontier − 3 min) passes both bounds, 10:05:00 and 10:05:01: the first row fails, and
        // the task's processing handler dead-letters the advance that moved it
        assertThatThrownBy(() -> join.process(advance("10:09:00"))).hasMessage("the unpaid row could not be written");
        assertThat(unpaid()).isEmpty();

        join.process(advance("10:10:00"));
        assertThat(unpaid()).as("order 1 was taken when its row failed; order 2 was still kept").containsExactly(2L);
    }

    private IntervalJoinProcessor processor() {
        MockStores.keyValue(context, "orders", Serdes.Bytes(), Serdes.ByteArray());
        MockStores.keyValue(context, "payments", Serdes.Bytes(), Serdes.ByteArray());
        MockStores.keyValue(context, "late-orders", Serdes.Bytes(), Serdes.ByteArray());
        MockStores.keyValue(context, "frontier", Serdes.String(), Serdes.ByteArray());
        IntervalJoinProcessor join = new IntervalJoinProcessor(QUERY, BOUND,
                new IntervalJoinProcessor.JoinStores("orders", "payments", "late-orders", "frontier"));
        join.init(context);
        return join;
    }

    private static Record<String, Timed<OrderEvent>> order(long orderId, String time) {
        long at = ms(time);
        Order order = new Order(orderId, 7, new BigDecimal("10.00"), Instant.ofEpochMilli(at));
        Timed<OrderEvent> event = new Timed.Event<>(order, new InputPartition("orders", 0), 1, InputClocks.NONE, at);
        return new Record<>(Long.toString(orderId), event, at);
    }

    private static Record<String, Timed<OrderEvent>> advance(String frontier) {
        return new Record<>("", new Timed.Advance<>(ms(frontier)), ms(frontier));
    }

    private List<Long> unpaid() {
        return context.forwarded().stream()
                .map(forwarded -> forwarded.record().value())
                .filter(JoinResult.Unpaid.class::isInstance)
                .map(value -> ((JoinResult.Unpaid) value).row().orderId())
                .toList();
    }
}
