package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.TestStreams;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The open partials' store layout: a row per slice and bucket of groups, always one layout per slice. */
class OpenSlicesTest {

    private static final long SLICE = 300_000;

    private KeyValueStore<Bytes, byte[]> store;

    @BeforeEach
    void start() {
        MockProcessorContext<Object, Object> context = new MockProcessorContext<>(
                TestStreams.forDriver("orders-service").properties());
        store = Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue("slices"), Serdes.Bytes(),
                Serdes.ByteArray()).withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
    }

    @Test
    void aSliceSpreadsItsGroupsOverMoreRowsAsTheyComeAndAFlushWritesWhatMemoryHolds() {
        OpenSlices open = new OpenSlices(store);
        // interleaved: a group's row is patched after others joined it and after its slice spread out
        for (int order = 0; order < 3; order++) {
            for (int customer = 0; customer < 500; customer++) {
                if (order <= customer % 3) {
                    assertThat(open.add(SLICE, Integer.toString(customer), 100 + order, SLICE + order)).isTrue();
                }
                if (customer % 100 == 99) {
                    open.flush();   // a commit: rows in the store while the slice goes on spreading out
                    assertThat(layouts(SLICE)).as("one layout at every commit").hasSize(1);
                }
            }
        }
        open.add(2 * SLICE, "new", 1, 2 * SLICE);
        assertThat(layouts(2 * SLICE)).as("orders change memory only").isEmpty();
        open.take(2 * SLICE);
        open.flush();

        Map<Integer, Integer> rowsPerLayout = layouts(SLICE);
        assertThat(rowsPerLayout).hasSize(1);
        int buckets = rowsPerLayout.keySet().iterator().next();
        assertThat(buckets).as("about %d groups a row", OpenSlices.GROUPS_PER_BUCKET).isEqualTo(16);
        assertThat(stored()).isEqualTo(expected(500));

        assertThat(open.size()).isEqualTo(500);
        OpenSlices loaded = new OpenSlices(store);
        loaded.load();
        assertThat(loaded.size()).isEqualTo(500);
        assertThat(describe(loaded.take(SLICE))).isEqualTo(expected(500));
        assertThat(loaded.size()).isZero();
        assertThat(stored()).isEmpty();
    }

    @Test
    void aSliceSpreadOutWritesItsNewRowsBeforeItDeletesTheOldOnes() {
        List<String> writes = new ArrayList<>();
        KeyValueStore<Bytes, byte[]> watched = watched(store, writes);
        OpenSlices open = new OpenSlices(watched);
        for (int customer = 0; customer < 32; customer++) {
            open.add(SLICE, Integer.toString(customer), 1, SLICE);
        }
        open.flush();
        writes.clear();

        open.add(SLICE, "32", 1, SLICE);   // a 33rd group: one row becomes two

        // without a transaction (at_least_once) a crash between them leaves both layouts, never neither
        assertThat(writes).containsExactly("put 2 buckets", "put 2 buckets", "delete 1 buckets");
    }

    @Test
    void aSliceTakenAfterAFlushDeletesItsRowsWithoutReadingThem() {
        List<String> writes = new ArrayList<>();
        OpenSlices open = new OpenSlices(watched(store, writes));
        open.add(SLICE, "a", 1, SLICE);
        open.flush();

        open.take(SLICE);
        open.flush();

        assertThat(writes).containsExactly("put 1 buckets", "delete 1 buckets");
        assertThat(stored()).isEmpty();
    }

    @Test
    void aNewSliceStartsWithTheRowsTheBiggestOneNeeded() {
        OpenSlices open = new OpenSlices(store);
        for (int customer = 0; customer < 100; customer++) {
            open.add(SLICE, Integer.toString(customer), 1, SLICE);
        }
        open.take(SLICE);
        open.add(2 * SLICE, "7", 1, 2 * SLICE);
        open.flush();

        assertThat(layouts(2 * SLICE)).containsOnlyKeys(8);
    }

    @Test
    void oneGroupTakenOutLeavesTheOthersOfItsRow() {
        OpenSlices open = new OpenSlices(store);
        open.add(SLICE, "a", 1, SLICE);
        open.add(SLICE, "b", 2, SLICE);

        open.add(SLICE, "c", 4, SLICE);

        OpenSlices.Open a = open.takeOne(SLICE, "a");
        open.add(SLICE, "c", 8, SLICE);   // patched at where it is now that "a" went
        open.add(SLICE, "a", 16, SLICE);
        open.flush();

        assertThat(a.partial().cents()).isEqualTo(1);
        assertThat(stored()).containsExactly("a 1 16", "b 1 2", "c 2 12");
        assertThat(open.size()).isEqualTo(3);
    }

    @Test
    void rowsOfAnotherLayoutOfTheSameSliceAreMergedOnceAndRewrittenInOne() {
        OpenSlices open = new OpenSlices(store);
        open.add(SLICE, "a", 1, SLICE);
        open.add(SLICE, "b", 2, SLICE);
        open.flush();
        // a row of the same slice in a layout of 4 buckets, holding "a" again
        byte[] other = ByteBuffer.allocate(1 + Integer.BYTES + Short.BYTES + 1 + 4 * Long.BYTES).put((byte) 1)
                .putInt(1).putShort((short) 1).put((byte) 'a').putLong(1).putLong(10).putLong(SLICE).putLong(SLICE)
                .array();
        store.put(Bytes.wrap(ByteBuffer.allocate(13).put(OpenSlices.PARTIAL).putShort((short) 3)
                .putShort((short) 4).putLong(SLICE).array()), other);

        OpenSlices loaded = new OpenSlices(store);
        loaded.load();
        loaded.flush();

        assertThat(stored()).containsExactly("a 2 11", "b 1 2");
        assertThat(layouts(SLICE)).containsOnlyKeys(1);
        assertThat(loaded.size()).as("a group in both layouts is one partial").isEqualTo(2);
    }

    @Test
    void aFlushWritesOnlyWhatChangedAndASliceSentBetweenTwoFlushesNeverReachesTheStore() {
        OpenSlices open = new OpenSlices(store);
        open.add(SLICE, "a", 1, SLICE);
        open.flush();
        Bytes row;
        try (KeyValueIterator<Bytes, byte[]> rows = store.all()) {
            row = rows.next().key;
        }
        store.delete(row);   // a row the next flush must not write again: it did not change

        open.add(2 * SLICE, "b", 2, 2 * SLICE);
        open.take(2 * SLICE);
        open.add(3 * SLICE, "c", 4, 3 * SLICE);
        open.flush();

        assertThat(stored()).containsExactly("c 1 4");
        open.add(SLICE, "a", 8, SLICE);
        open.flush();
        assertThat(stored()).containsExactly("a 2 9", "c 1 4");
    }

    @Test
    void theFirstStartIsTheOldestOpenSliceAsSlicesComeAndGoAndAfterALoad() {
        OpenSlices open = new OpenSlices(store);
        open.add(3 * SLICE, "a", 1, 3 * SLICE);
        assertThat(open.firstStart()).isEqualTo(3 * SLICE);
        open.add(SLICE, "a", 1, SLICE);   // an older slice after a newer one
        open.add(2 * SLICE, "b", 1, 2 * SLICE);
        assertThat(open.firstStart()).isEqualTo(SLICE);

        open.take(2 * SLICE);   // not the first: it stays
        assertThat(open.firstStart()).isEqualTo(SLICE);
        open.take(SLICE);
        assertThat(open.firstStart()).isEqualTo(3 * SLICE);
        open.takeOne(3 * SLICE, "a");   // its slice stays open, empty, until it is taken
        assertThat(open.firstStart()).isEqualTo(3 * SLICE);
        open.take(3 * SLICE);
        assertThat(open.isEmpty()).isTrue();
        assertThatThrownBy(open::firstStart).isInstanceOf(NoSuchElementException.class);

        open.add(5 * SLICE, "c", 1, 5 * SLICE);
        open.add(4 * SLICE, "d", 1, 4 * SLICE);
        open.flush();
        OpenSlices loaded = new OpenSlices(store);
        loaded.load();
        assertThat(loaded.firstStart()).isEqualTo(4 * SLICE);
        loaded.takeAll();
        assertThat(loaded.isEmpty()).isTrue();
        loaded.add(6 * SLICE, "e", 1, 6 * SLICE);
        assertThat(loaded.firstStart()).isEqualTo(6 * SLICE);
    }

    /**
     * The store, with each write noted as the bucket count of the row's layout: a put of null as a delete, a call of
     * {@code delete} (which reads the old value first, a RocksDB lookup) as a read and delete.
     */
    @SuppressWarnings("unchecked")
    private static KeyValueStore<Bytes, byte[]> watched(KeyValueStore<Bytes, byte[]> store, List<String> writes) {
        return (KeyValueStore<Bytes, byte[]>) Proxy.newProxyInstance(OpenSlicesTest.class.getClassLoader(),
                new Class<?>[] {KeyValueStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("put") || method.getName().equals("delete")) {
                        int buckets = ByteBuffer.wrap(((Bytes) args[0]).get()).getShort(1 + Short.BYTES) & 0xffff;
                        String write = method.getName().equals("delete") ? "read and delete"
                                : args[1] == null ? "delete" : "put";
                        writes.add(write + " " + buckets + " buckets");
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static List<String> expected(int customers) {
        List<String> rows = new ArrayList<>();
        for (int customer = 0; customer < customers; customer++) {
            int orders = customer % 3 + 1;
            long cents = 0;
            for (int order = 0; order < orders; order++) {
                cents += 100 + order;
            }
            rows.add(customer + " " + orders + " " + cents);
        }
        rows.sort(null);
        return rows;
    }

    /** The partials in the store, sorted. */
    private List<String> stored() {
        List<OpenSlices.Open> all = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> rows = store.all()) {
            rows.forEachRemaining(row -> all.addAll(OpenSlices.decode(OpenSlices.start(row.key), row.value)));
        }
        return describe(all);
    }

    private static List<String> describe(List<OpenSlices.Open> partials) {
        List<String> lines = new ArrayList<>();
        partials.forEach(open -> lines.add(open.group() + " " + open.partial().orders() + " "
                + open.partial().cents()));
        lines.sort(null);
        return lines;
    }

    /** Rows of the slice per bucket count in their keys. */
    private Map<Integer, Integer> layouts(long start) {
        Map<Integer, Integer> layouts = new TreeMap<>();
        try (KeyValueIterator<Bytes, byte[]> rows = store.all()) {
            while (rows.hasNext()) {
                KeyValue<Bytes, byte[]> row = rows.next();
                ByteBuffer key = ByteBuffer.wrap(row.key.get());
                key.get();
                key.getShort();
                int buckets = key.getShort() & 0xffff;
                if (key.getLong() == start) {
                    layouts.merge(buckets, 1, Integer::sum);
                }
            }
        }
        return layouts;
    }
}
