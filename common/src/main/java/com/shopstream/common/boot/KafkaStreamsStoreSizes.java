package com.shopstream.common.boot;

import com.shopstream.common.progress.StoreSize;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreType;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;

/**
 * Sizes of the state stores of this instance. Rows are <em>counted</em>: every key-value and window store of the
 * active tasks is read to the end through interactive queries, at most once per {@code refresh} (half the progress
 * interval), because RocksDB's own {@code estimate-num-keys} counts every overwrite still in a memtable or an
 * uncompacted file: a store of 1,000 streaks read as 148,615 keys. Where a store cannot be read (a rebalance, an
 * internal store type), or when counting is off ({@code shopstream.state-rows=estimated}), its rows are the estimate
 * (in-memory key-value stores: their entry count, which is exact and free). Bytes are Kafka Streams' RocksDB property
 * metrics (SST files plus memtables), summed over tasks and segments; stores that cannot tell (suppression buffers)
 * report {@code -1}.
 */
public final class KafkaStreamsStoreSizes implements Supplier<List<StoreSize>> {

    private static final String GROUP = "stream-state-metrics";
    private static final Set<String> STORE_TAGS = Set.of(
            "rocksdb-state-id", "rocksdb-window-state-id", "rocksdb-session-state-id");

    private final StreamsBuilderFactoryBean factoryBean;
    private final Set<String> storeNames;
    private final boolean count;
    private final Duration refresh;
    private final Clock clock;
    private List<StoreSize> sizes = List.of();
    private Instant sizedAt = Instant.MIN;

    /**
     * @param count   whether to count rows (else RocksDB's estimates)
     * @param refresh how old the sizes may get before they are taken again: a Prometheus scrape asks once per store
     *                and figure, and a report once more, and all of them share one reading
     */
    public KafkaStreamsStoreSizes(StreamsBuilderFactoryBean factoryBean, Set<String> storeNames, boolean count,
                                  Duration refresh, Clock clock) {
        this.factoryBean = factoryBean;
        this.storeNames = new TreeSet<>(storeNames);
        this.count = count;
        this.refresh = refresh;
        this.clock = clock;
    }

    // synchronized: reports and each Prometheus gauge ask, and one reading at a time is enough
    @Override
    public synchronized List<StoreSize> get() {
        KafkaStreams streams = factoryBean.getKafkaStreams();
        if (streams == null) {
            return List.of();
        }
        if (streams.state() != KafkaStreams.State.RUNNING) {
            return read(streams); // starting or rebalancing: stores may open any moment, keep nothing
        }
        Instant now = clock.instant();
        if (sizes.isEmpty() || !now.isBefore(sizedAt.plus(refresh))) {
            sizes = read(streams);
            sizedAt = now;
        }
        return sizes;
    }

    private List<StoreSize> read(KafkaStreams streams) {
        Map<String, RocksEstimate> rocks = new HashMap<>();
        for (Map.Entry<MetricName, ? extends Metric> entry : streams.metrics().entrySet()) {
            MetricName name = entry.getKey();
            if (!GROUP.equals(name.group())) {
                continue;
            }
            String store = storeTag(name);
            if (store == null) {
                continue;
            }
            long value = asLong(entry.getValue().metricValue());
            switch (name.name()) {
                case "estimate-num-keys" -> rocks.merge(store, new RocksEstimate(value, 0), RocksEstimate::plus);
                case "total-sst-files-size", "cur-size-all-mem-tables" ->
                        rocks.merge(store, new RocksEstimate(0, value), RocksEstimate::plus);
                default -> { }
            }
        }
        List<StoreSize> out = new ArrayList<>();
        for (String store : storeNames) {
            RocksEstimate estimate = rocks.get(store);
            long rows = count ? countRows(streams, store) : -1;
            if (rows < 0) {
                rows = estimate != null ? estimate.keys() : inMemoryEntries(streams, store);
            }
            out.add(new StoreSize(store, rows, estimate != null ? estimate.bytes() : -1));
        }
        return List.copyOf(out);
    }

    private static long inMemoryEntries(KafkaStreams streams, String store) {
        try {
            return streams.store(StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.keyValueStore()))
                    .approximateNumEntries();
        } catch (InvalidStateStoreException e) {
            return -1; // not a key-value store, or not open on this instance right now (rebalancing)
        }
    }

    /** The rows of a store of the active tasks, read to the end; {@code -1} when it cannot be read now. */
    private static long countRows(KafkaStreams streams, String store) {
        for (QueryableStoreType<?> type : List.of(QueryableStoreTypes.keyValueStore(),
                QueryableStoreTypes.windowStore())) {
            Object readable;
            try {
                readable = streams.store(StoreQueryParameters.fromNameAndType(store, type));
            } catch (InvalidStateStoreException e) {
                continue; // another type of store, or not open on this instance right now (rebalancing)
            }
            try (KeyValueIterator<?, ?> rows = readable instanceof ReadOnlyKeyValueStore<?, ?> kv ? kv.all()
                    : ((ReadOnlyWindowStore<?, ?>) readable).all()) {
                long n = 0;
                while (rows.hasNext()) {
                    rows.next();
                    n++;
                }
                return n;
            } catch (InvalidStateStoreException e) {
                return -1; // closed while being read: a rebalance moved the task
            }
        }
        return -1;
    }

    private static String storeTag(MetricName name) {
        for (String tag : STORE_TAGS) {
            String value = name.tags().get(tag);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static long asLong(Object value) {
        if (value instanceof BigInteger big) {
            return big.longValue();
        }
        if (value instanceof Number number) {
            return number.longValue();
        }
        return 0;
    }

    /** RocksDB's own figures for a store, summed over its segments and tasks. */
    private record RocksEstimate(long keys, long bytes) {

        RocksEstimate plus(RocksEstimate other) {
            return new RocksEstimate(keys + other.keys, bytes + other.bytes);
        }
    }
}
