package com.shopstream.benchmarks.baseline;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * A baseline as a process of its own, measured like a service: runs one {@link PlainQuery} until SIGTERM and,
 * every second, prints a status line with what the services' progress endpoint reports (records dropped as late,
 * state bytes by the same RocksDB estimates), since a plain application has no such endpoint.
 */
public final class BaselineApp {

    /** The status line the benchmark reads from this process's output. */
    public static final String STATUS = "baseline-status";
    public static final String RUNNING = "baseline-running";

    private BaselineApp() {
    }

    public static void run(PlainQuery query, BaselineTopics topics, String bootstrap, String applicationId,
                           String stateDir, List<String> extraProperties, PrintStream out)
            throws InterruptedException {
        Properties props = properties(bootstrap, applicationId, stateDir, extraProperties);
        KafkaStreams streams = new KafkaStreams(query.build(topics, props), props);
        run(streams, out);
    }

    /** The baseline's settings: the services' guarantee, every internal resource named, then the benchmark's. */
    public static Properties properties(String bootstrap, String applicationId, String stateDir,
                                        List<String> extraProperties) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        // the services' guarantee, so the comparison pays for the same transactions
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        props.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        for (String property : extraProperties) { // key=value, as the benchmark gives every service
            props.put(property.substring(0, property.indexOf('=')), property.substring(property.indexOf('=') + 1));
        }
        return props;
    }

    private static void run(KafkaStreams streams, PrintStream out) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            streams.close();
            stopped.countDown();
        }, "baseline-shutdown"));
        streams.setStateListener((now, before) -> {
            if (now == KafkaStreams.State.RUNNING) {
                out.println(RUNNING);
            }
        });
        streams.start();
        while (!stopped.await(1, TimeUnit.SECONDS)) {
            out.println(status(streams.metrics()));
        }
    }

    /** {@code baseline-status dropped=<late records> state-bytes=<SST files + memtables>}. */
    static String status(Map<MetricName, ? extends Metric> metrics) {
        long dropped = 0;
        long stateBytes = 0;
        for (Map.Entry<MetricName, ? extends Metric> entry : metrics.entrySet()) {
            MetricName name = entry.getKey();
            if (name.group().equals("stream-task-metrics") && name.name().equals("dropped-records-total")) {
                dropped += asLong(entry.getValue().metricValue());
            } else if (name.group().equals("stream-state-metrics")
                    && (name.name().equals("total-sst-files-size") || name.name().equals("cur-size-all-mem-tables"))) {
                stateBytes += asLong(entry.getValue().metricValue());
            }
        }
        return STATUS + " dropped=" + dropped + " state-bytes=" + stateBytes;
    }

    private static long asLong(Object value) {
        return value instanceof Number number ? number.longValue() : 0;
    }
}
