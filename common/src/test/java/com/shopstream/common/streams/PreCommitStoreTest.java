package com.shopstream.common.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.testing.TestStreams;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/**
 * The store's own contract (that Kafka Streams calls it before a commit is pinned where it is used: orders-service's
 * TopologyTestDriver test of the open partial sums).
 */
class PreCommitStoreTest {

    private final MockProcessorContext<Object, Object> context = new MockProcessorContext<>(
            TestStreams.forDriver("orders-service").properties());

    @Test
    void aFlushOfTheCacheRunsTheLatestHookFirstAndAClearedOrClosedStoreRunsNone() {
        PreCommitStore<String, String> store = build(PreCommitStore.builder(inner("s")));
        context.addStateStore(store);
        List<String> ran = new ArrayList<>();
        PreCommitStore.<String, String>of(context, "s")
                .beforeCommit(() -> ran.add("first"));
        store.beforeCommit(() -> {
            ran.add("revived");
            store.put("row", "written before the commit");
        });

        store.flushCache();

        assertThat(ran).containsExactly("revived");
        assertThat(store.get("row")).isEqualTo("written before the commit");
        store.clearBeforeCommit();
        store.flushCache();
        store.beforeCommit(() -> ran.add("again"));
        store.close();
        store.flushCache();
        assertThat(ran).containsExactly("revived");
    }

    @Test
    void theBuilderPassesItsSettingsToTheStoreItWraps() {
        StoreBuilder<KeyValueStore<String, String>> builder = PreCommitStore.builder(inner("s")).withLoggingDisabled()
                .withCachingEnabled();

        assertThat(builder.name()).isEqualTo("s");
        assertThat(builder.loggingEnabled()).isFalse();
        assertThat(builder.build()).isInstanceOf(PreCommitStore.class);
    }

    @Test
    void aStoreBuiltWithoutItIsNamedInTheError() {
        KeyValueStore<String, String> plain = inner("plain").build();
        plain.init(context.getStateStoreContext(), plain);
        context.addStateStore(plain);

        assertThatThrownBy(() -> PreCommitStore.of(context, "plain")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("store plain is not a PreCommitStore");
    }

    private static StoreBuilder<KeyValueStore<String, String>> inner(String name) {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), Serdes.String())
                .withLoggingDisabled();
    }

    private PreCommitStore<String, String> build(StoreBuilder<KeyValueStore<String, String>> builder) {
        PreCommitStore<String, String> store = (PreCommitStore<String, String>) builder.build();
        store.init(context.getStateStoreContext(), store);
        return store;
    }
}
