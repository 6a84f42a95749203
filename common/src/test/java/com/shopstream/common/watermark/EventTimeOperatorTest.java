package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.shopstream.common.model.Order;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import com.shopstream.eventtime.SessionLateness;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every operator inherits, rule by rule: the watermark, the records taken apart, the idle-partition path. */
class EventTimeOperatorTest {

    private static final long MINUTE = 60_000;
    private static final Duration DELAY = Duration.ofMinutes(3);
    /** Sessions of a 1-minute gap: a record's session is final once the watermark reaches its time + 1 minute. */
    private static final QueryLateness QUERY =
            new QueryLateness("q", DELAY, new SessionLateness(Duration.ofMinutes(1)));
    private static final InputPartition SOURCE = new InputPartition("orders", 0);

    private MockProcessorContext<String, String> context;
    private KeyValueStore<String, byte[]> frontier;
    private final Probe probe = new Probe();

    @BeforeEach
    void context() {
        context = new MockProcessorContext<>(TestStreams.forDriver("svc").properties());
        frontier = MockStores.keyValue(context, "frontier", Serdes.String(), Serdes.ByteArray());
    }

    @Test
    void theWatermarkIsTheFrontierMinusTheDelayAndOnlyGoesUp() {
        probe.init(context);
        assertThat(probe.watermarkNow()).isEqualTo(InputClocks.NONE);

        probe.process(advance(10 * MINUTE));
        probe.process(advance(8 * MINUTE));    // an older frontier changes nothing
        probe.process(advance(10 * MINUTE));   // nor does the same one again
        probe.process(advance(12 * MINUTE));

        assertThat(probe.calls).containsExactly("watermark " + InputClocks.NONE + " -> " + 7 * MINUTE,
                "watermark " + 7 * MINUTE + " -> " + 9 * MINUTE);
        assertThat(probe.watermarkNow()).isEqualTo(9 * MINUTE);
    }

    @Test
    void aRestartedTaskStartsFromTheFrontierItsTrackerPersisted() {
        new ClockStore(frontier).saveFrontier(10 * MINUTE);
        probe.init(context);
        assertThat(probe.watermarkNow()).isEqualTo(7 * MINUTE);

        probe.process(advance(10 * MINUTE));   // final before the crash: not made final again
        probe.process(advance(11 * MINUTE));
        assertThat(probe.calls).containsExactly("open at " + 7 * MINUTE,
                "watermark " + 7 * MINUTE + " -> " + 8 * MINUTE);
    }

    @Test
    void anOperatorWithoutAFrontierStoreStartsFromNoWatermark() {
        new ClockStore(frontier).saveFrontier(10 * MINUTE);
        Probe fresh = new Probe(null);
        fresh.init(context);
        assertThat(fresh.watermarkNow()).isEqualTo(InputClocks.NONE);
    }

    @Test
    void eachEventOfABatchIsAnEventOfItsOwnRecordThenTheRecordEnds() {
        probe.init(context);
        byte[] batch = EventBatches.start(SOURCE, 1, 1, 0);
        batch = EventBatches.append(batch, "a", MINUTE, new Record<>("a", "", 0).headers(), event(1, MINUTE));
        batch = EventBatches.append(batch, "b", 2 * MINUTE, new Record<>("b", "", 0).headers(), event(2, 2 * MINUTE));

        probe.process(new Record<>("ignored", EventBatches.batch(batch, 0), 2 * MINUTE));
        probe.process(new Record<>("c", event(3, 3 * MINUTE), 3 * MINUTE));

        assertThat(probe.calls).containsExactly("event 1 key a at " + MINUTE, "event 2 key b at " + 2 * MINUTE,
                "end of record", "event 3 key c at " + 3 * MINUTE, "end of record");
    }

    @Test
    void anEventTheQuerysWatermarkMadeFinalWhileItsPartitionWasIdleIsRefusedCountedAndSaysWhy() {
        probe.init(context);
        probe.process(advance(20 * MINUTE));   // watermark 17 min: a session of an order at 16 min is final
        long eventTime = 16 * MINUTE;

        Refusal refusal = probe.idleRefusalOf(eventTime);
        assertThat(refusal.all()).isTrue();
        Map<String, String> headers = headers(probe.lateHeadersOf(event(1, eventTime), eventTime, refusal));
        assertThat(headers).containsEntry(LateRecordHeaders.CAUSE, LateCause.IDLE_PARTITION.label())
                .containsEntry(LateRecordHeaders.QUERY, "q")
                .containsEntry(LateRecordHeaders.WATERMARK, Instant.ofEpochMilli(17 * MINUTE).toString());
        QueryProgress progress = ProgressRegistry.from(context.appConfigs()).query("q", DELAY, List.of());
        assertThat(progress.lateRows(LateCause.IDLE_PARTITION)).isEqualTo(1);

        assertThat(probe.idleRefusalOf(17 * MINUTE).none()).as("its session ends after the watermark").isTrue();
    }

    @Test
    void whatTheSourceRefusedIsJudgedAgainstItsPartitionsWatermarkJustBeforeIt() {
        probe.init(context);
        // its partition had read 20 min before it: watermark 17 min, so a session that ends by 17 min is final
        assertThat(probe.refusedAtSourceOf(event(1, 16 * MINUTE, 20 * MINUTE))).isTrue();
        assertThat(probe.refusedAtSourceOf(event(1, 16 * MINUTE + 1, 20 * MINUTE))).isFalse();
        assertThat(probe.refusedAtSourceOf(event(1, 5 * MINUTE, InputClocks.NONE))).isFalse();
    }

    @Test
    void partialsReachOnlyAnOperatorBehindACombiningStep() {
        probe.init(context);
        assertThatIllegalStateException()
                .isThrownBy(() -> probe.process(new Record<>("g", new Timed.Partials<>(0, 1, SOURCE, 0, 0,
                        new byte[0]), 0)))
                .withMessageContaining("q has no combining step");
    }

    private static Record<String, Timed<Order>> advance(long frontier) {
        return new Record<>("x", new Timed.Advance<>(frontier), 0);
    }

    private static Timed.Event<Order> event(long orderId, long eventTime) {
        return event(orderId, eventTime, InputClocks.NONE);
    }

    private static Timed.Event<Order> event(long orderId, long eventTime, long newestBefore) {
        Order order = new Order(orderId, 1, new BigDecimal("1.00"), Instant.ofEpochMilli(eventTime));
        return new Timed.Event<>(order, SOURCE, 1, newestBefore, Math.max(newestBefore, eventTime));
    }

    private static Map<String, String> headers(Iterable<Header> headers) {
        Map<String, String> out = new HashMap<>();
        headers.forEach(header -> out.put(header.key(), new String(header.value(), StandardCharsets.UTF_8)));
        return out;
    }

    /** An operator that only says what it was asked to do. */
    private static final class Probe extends EventTimeOperator<Order, String, String> {

        final List<String> calls = new ArrayList<>();

        Probe() {
            this("frontier");
        }

        Probe(String frontierStore) {
            super(QUERY, Order.class, frontierStore);
        }

        @Override
        protected void open(ProcessorContext<String, String> context) {
            if (watermark() != InputClocks.NONE) {
                calls.add("open at " + watermark());
            }
        }

        @Override
        protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
            calls.add("event " + event.event().orderId() + " key " + record.key() + " at " + record.timestamp());
        }

        @Override
        protected void afterEvents() {
            calls.add("end of record");
        }

        @Override
        protected void onWatermark(long previous, long next, Record<String, Timed<Order>> trigger) {
            assertThat(watermark()).as("moved when the operator acts on it").isEqualTo(next);
            calls.add("watermark " + previous + " -> " + next);
        }

        long watermarkNow() {
            return watermark();
        }

        Refusal idleRefusalOf(long eventTime) {
            return idleRefusal(eventTime);
        }

        Iterable<Header> lateHeadersOf(Timed.Event<Order> event, long eventTime, Refusal refusal) {
            return lateHeaders(new Record<>("k", "", 0).headers(), event, eventTime, refusal);
        }

        boolean refusedAtSourceOf(Timed.Event<Order> event) {
            return refusedAtSource(event, event.event().eventTimeMillis());
        }
    }
}
