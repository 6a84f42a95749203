package com.shopstream.common.streams;

import com.shopstream.common.errors.DeadLetterDeserializationHandler;
import com.shopstream.common.errors.DeadLetterProcessingHandler;
import com.shopstream.common.errors.DeadLetterProductionHandler;
import com.shopstream.common.time.BrokerTimeStamps;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The Kafka Streams settings every Shopstream service runs with unless its configuration says otherwise: exactly-once,
 * dead-letter exception handlers, bounded RocksDB memory, and a topology that refuses to start with an
 * auto-generated internal name (a rename would silently orphan state). Used by the Spring configuration and by tests,
 * so both run the same settings.
 */
public final class StreamsDefaults {

    /**
     * Kafka Streams' consumers do not leave the group on close, so a restarted instance waits out the session timeout
     * (45 s) before it gets its partitions back. Leaving is right for dynamic membership; with static membership
     * ({@code group.instance.id}, as on Kubernetes) set it to {@code false} so a rolling restart causes no rebalance.
     */
    public static final String LEAVE_GROUP_ON_CLOSE = "internal.leave.group.on.close";

    private StreamsDefaults() {
    }

    public static <M extends Map<Object, Object>> M apply(M props, StreamsRuntime runtime, RocksDbMemory rocksDb) {
        props.putIfAbsent(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        props.putIfAbsent(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                DeadLetterDeserializationHandler.class.getName());
        props.putIfAbsent(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                DeadLetterProcessingHandler.class.getName());
        props.putIfAbsent(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG,
                DeadLetterProductionHandler.class.getName());
        // every write stamped so that the broker accepts it, whatever the pod's wall clock says
        String interceptors = StreamsConfig.producerPrefix(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        Object own = props.get(interceptors);
        String ours = BrokerTimeStamps.class.getName();
        if (own == null || own.toString().isBlank()) {
            props.put(interceptors, ours);
        } else if (!own.toString().contains(ours)) {
            props.put(interceptors, own + "," + ours);
        }
        props.putIfAbsent(StreamsConfig.producerPrefix(BrokerTimeStamps.MARGIN_MS_CONFIG),
                runtime.eventTime().futureBound().allowance().toMillis());
        props.putIfAbsent(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedMemoryRocksDBConfig.class.getName());
        props.putIfAbsent(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        props.putIfAbsent(LEAVE_GROUP_ON_CLOSE, !props.containsKey(StreamsConfig.consumerPrefix("group.instance.id"))
                && !props.containsKey("group.instance.id"));
        props.put(BoundedMemoryRocksDBConfig.TOTAL_OFF_HEAP_BYTES, rocksDb.totalOffHeapBytes());
        props.put(BoundedMemoryRocksDBConfig.MEMTABLE_BYTES, rocksDb.memtableBytes());
        props.put(StreamsRuntime.CONFIG_KEY, runtime);
        return props;
    }
}
