package com.shopstream.common.boot;

import com.shopstream.common.progress.StoreSize;
import java.math.BigInteger;
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
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;

/**
 * Sizes of the state stores of this instance. RocksDB stores report Kafka Streams' RocksDB property metrics
 * ({@code estimate-num-keys}, SST files plus memtables), summed over tasks and segments; small in-memory key-value
 * stores are asked for their entry count. Stores neither way can tell (suppression buffers) report {@code -1}.
 */
public final class KafkaStreamsStoreSizes implements Supplier<List<StoreSize>> {

    private static final String GROUP = "stream-state-metrics";
    private static final Set<String> STORE_TAGS = Set.of(
            "rocksdb-state-id", "rocksdb-window-state-id", "rocksdb-session-state-id");

    private final StreamsBuilderFactoryBean factoryBean;
    private final Set<String> storeNames;

    public KafkaStreamsStoreSizes(StreamsBuilderFactoryBean factoryBean, Set<String> storeNames) {
        this.factoryBean = factoryBean;
        this.storeNames = new TreeSet<>(storeNames);
    }

    @Override
    public List<StoreSize> get() {
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
        List<StoreSize> out = new ArrayList<>();
        for (String store : storeNames) {
            long[] sizes = rocks.get(store);
            out.add(sizes != null ? new StoreSize(store, sizes[0], sizes[1]) : inMemory(streams, store));
        }
        return out;
    }

    private static StoreSize inMemory(KafkaStreams streams, String store) {
        try {
            ReadOnlyKeyValueStore<Object, Object> kv = streams.store(
                    StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.keyValueStore()));
            return new StoreSize(store, kv.approximateNumEntries(), -1);
        } catch (InvalidStateStoreException | ClassCastException e) {
            // not a key-value store, or not open on this instance right now (rebalancing)
            return new StoreSize(store, -1, -1);
        }
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
