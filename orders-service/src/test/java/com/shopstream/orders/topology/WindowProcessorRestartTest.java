package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.model.WindowResult;
import com.shopstream.common.testing.TestStreams;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/**
 * The window processor alone, started on a store that already holds a window (a restart): update rows are written
 * per commit interval from memory, so a crash after a commit can lose the rows of that commit's changes; the first
 * rows after the start are therefore those of every open window.
 */
class WindowProcessorRestartTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Duration GRACE = Duration.ofMinutes(3);

    @Test
    void theFirstUpdateRowsAfterAStartAreThoseOfEveryOpenWindow() {
        WindowQuery query = WindowQuery.tumbling("q", FIVE, GRACE, "updates", "finals");
        MockProcessorContext<String, WindowOutput> context =
                new MockProcessorContext<>(TestStreams.forDriver("orders-service").properties());
        KeyValueStore<Bytes, WindowAggregate> windows = store(context, query.storeName(),
                new WindowAggregateSerde());
        KeyValueStore<String, byte[]> frontier = Stores.keyValueStoreBuilder(
                StateStoreKind.IN_MEMORY.keyValue("frontier"), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled().build();
        frontier.init(context.getStateStoreContext(), frontier);
        context.addStateStore(frontier);   // empty: the frontier never moved, no window is final
        // counted before the restart; its update row was lost with the crash
        windows.put(WindowKeys.key(Instant.parse("2026-01-22T10:00:00Z").toEpochMilli(), "all"),
                new WindowAggregate(2, new BigDecimal("3.50")));
        WindowProcessor processor = new WindowProcessor(query, OrderWindowTopology.lateness(query), "frontier");

        processor.init(context);
        assertThat(context.forwarded()).isEmpty();
        CapturedPunctuator commit = context.scheduledPunctuators().get(0);
        assertThat(commit.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        commit.getPunctuator().punctuate(0);

        assertThat(context.forwarded()).<WindowOutput>extracting(forwarded -> forwarded.record().value())
                .containsExactly(new WindowOutput.Update(new WindowResult(
                        Instant.parse("2026-01-22T10:00:00Z"), Instant.parse("2026-01-22T10:05:00Z"), 2,
                        new BigDecimal("3.50"))));
        context.resetForwards();
        commit.getPunctuator().punctuate(100);
        assertThat(context.forwarded()).isEmpty();
    }

    @Test
    void aRevivedTaskWritesEveryOpenWindowAgainForTheSameProcessor() {
        WindowQuery query = WindowQuery.tumbling("q", FIVE, GRACE, "updates", "finals");
        MockProcessorContext<String, WindowOutput> context =
                new MockProcessorContext<>(TestStreams.forDriver("orders-service").properties());
        KeyValueStore<Bytes, WindowAggregate> windows = store(context, query.storeName(),
                new WindowAggregateSerde());
        KeyValueStore<String, byte[]> frontier = Stores.keyValueStoreBuilder(
                StateStoreKind.IN_MEMORY.keyValue("frontier"), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled().build();
        frontier.init(context.getStateStoreContext(), frontier);
        context.addStateStore(frontier);
        windows.put(WindowKeys.key(Instant.parse("2026-01-22T10:00:00Z").toEpochMilli(), "all"),
                new WindowAggregate(1, new BigDecimal("1.00")));
        WindowProcessor processor = new WindowProcessor(query, OrderWindowTopology.lateness(query), "frontier");
        processor.init(context);
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(0);
        assertThat(context.forwarded()).hasSize(1);

        // the transaction that carried that row aborted: Kafka Streams revives the task with the same processor
        context.resetForwards();
        processor.init(context);
        context.scheduledPunctuators().get(1).getPunctuator().punctuate(0);   // the one this init scheduled

        assertThat(context.forwarded()).hasSize(1);
    }

    private static <V> KeyValueStore<Bytes, V> store(MockProcessorContext<?, ?> context, String name,
                                                     Serde<V> values) {
        KeyValueStore<Bytes, V> store = Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue(name),
                Serdes.Bytes(), values).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        return store;
    }
}
