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
 * active tasks is read to the end through interactive queries, at most once per {@code recount} (half the progress
 * interval), because RocksDB's own {@code estimate-num-keys} counts every overwrite still in a memtable or an
 * uncompacted file: a store of 1,000 streaks read as 148,615 keys. Where a store cannot be read (a rebalance, an
 * internal store type), or when counting is off ({@code shopstream.state-rows=estimated}), its rows are the estimate
 * (in-memory key-value stores: their entry count, which is exact and free). Bytes are Kafka Streams' RocksDB property metrics (SST files plus
 * memtables), summed over tasks and segments; stores that cannot tell (suppression buffers) report {@code -1}.
 */
public final class KafkaStreamsStoreSizes implements Supplier<List<StoreSize>> {

    private static final String GROUP = "stream-state-metrics";
    private static final Set<String> STORE_TAGS = Set.of(
            "rocksdb-state-id", "rocksdb-window-state-id", "rocksdb-session-state-id");
    private static final Counted NOT_COUNTED = new Counted(-1, Instant.MIN);

    private final StreamsBuilderFactoryBean factoryBean;
    private final Set<String> storeNames;
    private final boolean count;
    private final Duration recount;
    private final Clock clock;
    private final Map<String, Counted> counted = new HashMap<>();

    /**
     * @param count   whether to count rows (else RocksDB's estimates)
     * @param recount how old a count may get before the next report or scrape counts again
     */
    public KafkaStreamsStoreSizes(StreamsBuilderFactoryBean factoryBean, Set<String> storeNames, boolean count,
                                  Duration recount, Clock clock) {
        this.factoryBean = factoryBean;
        this.storeNames = new TreeSet<>(storeNames);
        this.count = count;
        this.recount = recount;
        this.clock = clock;
    }

    // synchronized: reports and each Prometheus gauge ask, and one count at a time is enough
    @Override
    public synchronized List<StoreSize> get() {
        KafkaStreams streams = factoryBean.getKafkaStreams();
        if (streams == null) {
            return List.of();
        }
        Map<String, long[]> rocks = new HashMap<>();
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
            long[] sizes = rocks.computeIfAbsent(store, s -> new long[2]);
            switch (name.name()) {
                case "estimate-num-keys" -> sizes[0] += value;
                case "total-sst-files-size", "cur-size-all-mem-tables" -> sizes[1] += value;
                default -> { }
            }
        }
        Instant now = clock.instant();
        List<StoreSize> out = new ArrayList<>();
        for (String store : storeNames) {
            Counted last = counted.getOrDefault(store, NOT_COUNTED);
            if (count && (last.rows() < 0 || !now.isBefore(last.at().plus(recount)))) {
                // a store that could not be read is tried again at once: it may be open now
                last = new Counted(countRows(streams, store), now);
                counted.put(store, last);
            }
            long[] sizes = rocks.get(store);
            long rows = last.rows() >= 0 ? last.rows() : sizes != null ? sizes[0] : inMemoryEntries(streams, store);
            out.add(new StoreSize(store, rows, sizes != null ? sizes[1] : -1));
        }
        return out;
    }

    private record Counted(long rows, Instant at) {
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
}
