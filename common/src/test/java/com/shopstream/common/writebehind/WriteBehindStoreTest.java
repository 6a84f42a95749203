package com.shopstream.common.writebehind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.verify;

import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a processor reads and writes stays in memory until the task's commit, which writes each changed key once. */
class WriteBehindStoreTest {

    private MockProcessorContext<String, String> context;
    private KeyValueStore<String, String> store;
    private WriteBehindStore<String, String> behind;

    @BeforeEach
    void setUp() {
        context = new MockProcessorContext<>(TestStreams.forDriver("write-behind-test").properties());
        store = MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        store.put("kept", "stored");
        store.put("gone", "stored");
        behind = WriteBehindStore.of(context, "s", null);
    }

    @Test
    void writesReachTheStoreAtTheCommitOnceEach() {
        behind.put("a", "1");
        behind.put("a", "2");
        behind.delete("gone");
        assertThat(behind.get("a")).isEqualTo("2");
        assertThat(behind.get("gone")).isNull();
        assertThat(behind.get("kept")).isEqualTo("stored");
        assertThat(store.get("a")).as("not before the commit").isNull();
        assertThat(store.get("gone")).isEqualTo("stored");

        MockStores.commit(context, "s");   // the task's commit

        assertThat(store.get("a")).isEqualTo("2");
        assertThat(store.get("gone")).isNull();
        assertThat(store.get("kept")).isEqualTo("stored");
    }

    @Test
    void aKeyUsedInEachIntervalIsReadFromTheStoreOnce() {
        assertThat(behind.get("kept")).isEqualTo("stored");
        store.put("kept", "changed underneath");   // only to see where the next read comes from
        assertThat(behind.get("kept")).as("from memory").isEqualTo("stored");
        assertThat(behind.get("absent")).isNull();

        MockStores.commit(context, "s");
        assertThat(behind.get("kept")).as("used in the interval before: still in memory").isEqualTo("stored");
        MockStores.commit(context, "s");
        assertThat(behind.get("kept")).as("used in that one too").isEqualTo("stored");
    }

    @Test
    void aKeyNotUsedForAWholeIntervalIsForgotten() {
        assertThat(behind.get("kept")).isEqualTo("stored");
        behind.put("written", "1");
        store.put("kept", "changed underneath");
        MockStores.commit(context, "s");
        store.put("written", "changed underneath");

        behind.put("other", "1");   // a change: the hook runs at the next commit
        MockStores.commit(context, "s");   // an interval in which neither was used

        assertThat(behind.get("kept")).isEqualTo("changed underneath");
        assertThat(behind.get("written")).isEqualTo("changed underneath");
    }

    /** Given the key order, a key greater than any the store holds (when made, or written since) is not read. */
    @Test
    void aKeyGreaterThanAnyStoredIsNotLookedUp() {
        KeyValueStore<Bytes, byte[]> bytes = spy(Stores.inMemoryKeyValueStore("spied").get());
        KeyValueStore<String, String> spied =
                MockStores.writtenBeforeCommit(context, bytes, Serdes.String(), Serdes.String());
        spied.put("k", "stored");
        WriteBehindStore<String, String> ordered = WriteBehindStore.of(context, "spied", Comparator.naturalOrder());
        clearInvocations(bytes);

        assertThat(ordered.get("m")).isNull();
        assertThat(ordered.get("a")).isNull();
        assertThat(ordered.get("k")).isEqualTo("stored");
        verify(bytes, never()).get(bytesOf("m"));
        verify(bytes).get(bytesOf("a"));

        ordered.put("y", "1");
        ordered.put("z", null);   // a deletion does not make the store hold more
        MockStores.commit(context, "spied");
        ordered.put("b", "2");   // a change, so that the hook runs at the next commit
        MockStores.commit(context, "spied");   // an interval without "y": memory forgets it
        clearInvocations(bytes);

        assertThat(ordered.get("y")).as("written at the commit: read again").isEqualTo("1");
        assertThat(ordered.get("x")).isNull();
        assertThat(ordered.get("ya")).isNull();
        verify(bytes).get(bytesOf("y"));
        verify(bytes).get(bytesOf("x"));
        verify(bytes, never()).get(bytesOf("ya"));
    }

    private static Bytes bytesOf(String key) {
        return Bytes.wrap(key.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code delete} returns the old value, so the RocksDB store reads it first: a deletion is a put of null. */
    @Test
    void aDeletionIsWrittenWithoutReadingTheOldValue() {
        KeyValueStore<Bytes, byte[]> bytes = spy(Stores.inMemoryKeyValueStore("spied").get());
        KeyValueStore<String, String> spied =
                MockStores.writtenBeforeCommit(context, bytes, Serdes.String(), Serdes.String());
        spied.put("gone", "stored");
        WriteBehindStore<String, String> writer = WriteBehindStore.of(context, "spied", null);

        writer.delete("gone");
        MockStores.commit(context, "spied");

        verify(bytes, never()).delete(any());
        verify(bytes, never()).get(any());
        assertThat(spied.get("gone")).isNull();
    }

    @Test
    void iteratingSeesWhatWasWritten() {
        behind.put("b", "1");
        behind.delete("kept");
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> all = behind.all()) {
            all.forEachRemaining((KeyValue<String, String> row) -> keys.add(row.key + "=" + row.value));
        }
        assertThat(keys).containsExactly("b=1", "gone=stored");
    }

    @Test
    void aScanInKeyOrderWritesFirstOnlyTheChangedKeysItCovers() {
        behind.close(); // one processor's hook per signal store
        WriteBehindStore<String, String> ordered = WriteBehindStore.of(context, "s", Comparator.naturalOrder());
        ordered.put("a", "1");
        ordered.put("b", "2");
        ordered.put("m", "3");
        ordered.put("y", "4");
        ordered.put("z", "5");
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> range = ordered.range("b", "y")) {   // both bounds included
            range.forEachRemaining((KeyValue<String, String> row) -> keys.add(row.key + "=" + row.value));
        }

        assertThat(keys).containsExactly("b=2", "gone=stored", "kept=stored", "m=3", "y=4");
        assertThat(store.get("a")).as("outside the scan: written at the commit").isNull();
        assertThat(store.get("z")).isNull();
        MockStores.commit(context, "s");
        assertThat(store.get("a")).isEqualTo("1");
        assertThat(store.get("z")).isEqualTo("5");
    }

    @Test
    void aClosedProcessorWritesNothingAtTheNextCommit() {
        behind.put("a", "1");
        behind.close();

        MockStores.commit(context, "s");
        assertThat(store.get("a")).isNull();
    }

    @Test
    void onThePlainPathEveryWriteReachesTheStoreWhenItIsMade() {
        context = new MockProcessorContext<>(TestStreams.forDriver("write-behind-test")
                .with(BeforeCommit.WRITE_BEHIND_CONFIG, "false").properties());
        store = MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        KeyValueState<String, String> plain = KeyValueState.of(context, "s");

        plain.put("a", "1");
        assertThat(store.get("a")).isEqualTo("1");
        store.put("a", "changed underneath");
        assertThat(plain.get("a")).as("read from the store").isEqualTo("changed underneath");
        plain.delete("a");
        assertThat(store.get("a")).isNull();
    }
}
