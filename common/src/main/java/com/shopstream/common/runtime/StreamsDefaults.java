package com.shopstream.common.runtime;

import com.shopstream.common.errors.DeadLetterDeserializationHandler;
import com.shopstream.common.errors.DeadLetterProcessingHandler;
import com.shopstream.common.errors.DeadLetterProductionHandler;
import com.shopstream.common.streams.BoundedMemoryRocksDBConfig;
import com.shopstream.common.streams.RocksDbMemory;
import com.shopstream.common.time.BrokerTimeStamps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AdminClientConfig;
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

    /**
     * How long a call of Kafka Streams' admin client may take. During a rebalance the assignor asks it for the
     * changelogs' end offsets, and while a broker that led some of them has just died that call waits out the whole
     * timeout, Kafka's 60 s by default: every stream thread fenced by a broker's death then sat that long in its
     * rebalance (the failure matrix, tests/fault-tests). Bounded, the assignment goes on without the offsets sooner and
     * a later rebalance asks again. A request's own timeout must not be longer than the call's.
     */
    static final int ADMIN_CALL_TIMEOUT_MS = 15_000;
    static final int ADMIN_REQUEST_TIMEOUT_MS = 10_000;

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
        addInterceptor(props, BrokerTimeStamps.class);
        props.putIfAbsent(StreamsConfig.producerPrefix(BrokerTimeStamps.MARGIN_MS_CONFIG),
                runtime.eventTime().futureBound().allowance().toMillis());
        props.putIfAbsent(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedMemoryRocksDBConfig.class.getName());
        props.putIfAbsent(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        boundAdminCalls(props);
        props.putIfAbsent(LEAVE_GROUP_ON_CLOSE, !props.containsKey(StreamsConfig.consumerPrefix("group.instance.id"))
                && !props.containsKey("group.instance.id"));
        props.put(BoundedMemoryRocksDBConfig.TOTAL_OFF_HEAP_BYTES, rocksDb.totalOffHeapBytes());
        props.put(BoundedMemoryRocksDBConfig.MEMTABLE_BYTES, rocksDb.memtableBytes());
        runtime.putInto(props);
        return props;
    }

    /**
     * Sets the admin client's call and request timeouts ({@link #ADMIN_CALL_TIMEOUT_MS}), unless the configuration
     * has either of its own, for the admin client or for every client: the admin client refuses a call timeout shorter
     * than the request timeout, so one of ours beside one of the user's could stop the service from starting.
     */
    static void boundAdminCalls(Map<Object, Object> props) {
        boolean own = Stream.of(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG).anyMatch(key -> props.containsKey(key)
                || props.containsKey(StreamsConfig.adminClientPrefix(key)));
        if (!own) {
            props.put(StreamsConfig.adminClientPrefix(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG),
                    ADMIN_CALL_TIMEOUT_MS);
            props.put(StreamsConfig.adminClientPrefix(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG),
                    ADMIN_REQUEST_TIMEOUT_MS);
        }
    }

    /**
     * Adds {@code interceptor} to the producers' interceptors, after any of the configuration's own (set for the
     * producers, or for every client unprefixed, which the producer-prefixed setting would otherwise hide).
     */
    static void addInterceptor(Map<Object, Object> props, Class<?> interceptor) {
        String prefixed = StreamsConfig.producerPrefix(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        Object own = props.containsKey(prefixed) ? props.get(prefixed)
                : props.get(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
        List<String> classes = new ArrayList<>();
        if (own instanceof Collection<?> list) {
            list.forEach(each -> classes.add(each instanceof Class<?> type ? type.getName() : each.toString()));
        } else if (own instanceof Class<?> type) {
            classes.add(type.getName());
        } else if (own != null) {
            Arrays.stream(own.toString().split(",")).map(String::strip).filter(name -> !name.isEmpty())
                    .forEach(classes::add);
        }
        if (!classes.contains(interceptor.getName())) {
            classes.add(interceptor.getName());
        }
        props.put(prefixed, String.join(",", classes));
    }
}
