package com.shopstream.common.boot;

import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * What the cluster says of the service's input topics, read in the background (a stream thread must not wait on
 * the admin client): how many partitions each has, every {@code countsRefresh} (a topic that gains partitions makes
 * the queries behind it wait for the new ones), and each partition's end offset for {@code read_committed} readers,
 * every {@code offsetsRefresh} (an idle partition holds its queries again as soon as a record lands in it, even one
 * no reader reads because its reader is down). Reads of the end offsets are numbered as they begin, so that a
 * frontier's advance can wait for one begun after it was wanted ({@link InputClocks.EndOffsets}). A topic is watched
 * from the first time it is asked about; until the first answer its facts are unknown, and the rules read "unknown"
 * the safe way: the watermark holds.
 */
public final class InputTopicsWatch implements EventTimeRuntime.PartitionCounts, InputClocks.EndOffsets,
        SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(InputTopicsWatch.class);
    /** How long the start waits for the cluster: a cluster that does not answer is asked again in the background. */
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(5);

    private final Map<String, Object> adminConfig;
    private final Duration countsRefresh;
    private final Duration offsetsRefresh;
    private final BrokerClock brokerClock;
    private final List<String> inputs;
    private final Set<String> topics = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> counts = new ConcurrentHashMap<>();
    private final AtomicLong readsBegun = new AtomicLong();
    private volatile Ends ends = new Ends(Map.of(), 0);
    private ScheduledExecutorService scheduler;
    private Admin admin;

    public InputTopicsWatch(Map<String, Object> adminConfig, Duration countsRefresh, Duration offsetsRefresh) {
        this(adminConfig, countsRefresh, offsetsRefresh, BrokerClock.shared());
    }

    /**
     * @param brokerClock told which input topics carry their records' broker times ({@code LogAppendTime}), and, at
     *                    the start, the newest append time in each of {@code inputs}
     * @param inputs      the input topics the service is configured with (some may not exist: only asked about)
     */
    public InputTopicsWatch(Map<String, Object> adminConfig, Duration countsRefresh, Duration offsetsRefresh,
                            BrokerClock brokerClock, Collection<String> inputs) {
        this.adminConfig = Map.copyOf(adminConfig);
        this.countsRefresh = countsRefresh;
        this.offsetsRefresh = offsetsRefresh;
        this.brokerClock = brokerClock;
        this.inputs = List.copyOf(inputs);
    }

    public InputTopicsWatch(Map<String, Object> adminConfig, Duration countsRefresh, Duration offsetsRefresh,
                            BrokerClock brokerClock) {
        this(adminConfig, countsRefresh, offsetsRefresh, brokerClock, List.of());
    }

    @Override
    public OptionalInt count(String topic) {
        Integer count = counts.get(topic);
        if (count == null) {
            watch(topic);
            return OptionalInt.empty();
        }
        return OptionalInt.of(count);
    }

    @Override
    public OptionalLong endOffset(InputPartition partition) {
        Long end = ends.offsets().get(partition);
        if (end == null) {
            watch(partition.topic());
            return OptionalLong.empty();
        }
        return OptionalLong.of(end);
    }

    @Override
    public long begun() {
        return readsBegun.get();
    }

    @Override
    public long answered() {
        return ends.read();
    }

    private void watch(String topic) {
        if (topics.add(topic)) {
            ScheduledExecutorService running = scheduler;
            if (running != null) {
                running.execute(this::describe);
            }
        }
    }

    private void describe() {
        if (topics.isEmpty()) {
            return;
        }
        try {
            Map<String, TopicDescription> described = admin.describeTopics(Set.copyOf(topics)).allTopicNames()
                    .get(countsRefresh.toMillis(), TimeUnit.MILLISECONDS);
            described.forEach((topic, description) -> {
                Integer before = counts.put(topic, description.partitions().size());
                if (before != null && before != description.partitions().size()) {
                    log.info("{} has {} partitions now (had {}): queries reading it wait for the new ones", topic,
                            description.partitions().size(), before);
                }
            });
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            log.warn("Could not read the partition counts of {}: {}", topics, e.toString());
        }
        describeTimestampTypes();
    }

    /**
     * Before Kafka Streams starts: which inputs carry their records' broker times, and the newest append time in each
     * of their partitions, a time the brokers have reached. Then the first records read already tell the brokers'
     * time, and what is written before any is read (a commit after a wall-clock timer, on a pod whose clock is a day
     * ahead) is stamped so that the brokers accept it. Each topic on its own: one that does not exist says nothing.
     */
    private void learnBrokerTime() {
        if (inputs.isEmpty()) {
            return;
        }
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        Map<ConfigResource, KafkaFuture<Config>> configs = admin.describeConfigs(inputs.stream()
                .map(topic -> new ConfigResource(ConfigResource.Type.TOPIC, topic)).toList()).values();
        List<String> appended = new ArrayList<>();
        configs.forEach((resource, config) -> {
            try {
                ConfigEntry type = config.get(left(deadline), TimeUnit.NANOSECONDS)
                        .get(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG);
                if (type != null && type.value() != null) {
                    boolean logAppendTime = "LogAppendTime".equals(type.value());
                    brokerClock.timestampType(resource.name(), logAppendTime);
                    if (logAppendTime) {
                        appended.add(resource.name());
                    }
                }
            } catch (Exception e) {
                interruptedAgain(e);
                log.debug("Could not read the timestamp type of {}: {}", resource.name(), e.toString());
            }
        });
        Map<TopicPartition, OffsetSpec> newest = new HashMap<>();
        admin.describeTopics(appended).topicNameValues().forEach((topic, description) -> {
            try {
                description.get(left(deadline), TimeUnit.NANOSECONDS).partitions().forEach(p ->
                        newest.put(new TopicPartition(topic, p.partition()), OffsetSpec.maxTimestamp()));
            } catch (Exception e) {
                interruptedAgain(e);
                log.debug("Could not describe {}: {}", topic, e.toString());
            }
        });
        if (newest.isEmpty()) {
            return;
        }
        try {
            admin.listOffsets(newest).all().get(left(deadline), TimeUnit.NANOSECONDS)
                    .forEach((partition, info) -> brokerClock.readAtLeast(info.timestamp()));
        } catch (Exception e) {
            interruptedAgain(e);
            log.debug("Could not list the newest append times of {}: {}", appended, e.toString());
        }
    }

    /** What is left until {@code deadline}: the whole start waits {@link #STARTUP_TIMEOUT} at most. */
    private static long left(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static void interruptedAgain(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
    }

    /** Which topics' records carry their broker times: the extractor cannot tell (Kafka Streams says CreateTime). */
    private void describeTimestampTypes() {
        // the repartition topics some steps ask about are Kafka Streams' own (CreateTime, stamped by the services)
        List<ConfigResource> resources = topics.stream().filter(topic -> !topic.endsWith("-repartition"))
                .map(topic -> new ConfigResource(ConfigResource.Type.TOPIC, topic)).toList();
        if (resources.isEmpty()) {
            return;
        }
        // each topic on its own: one that does not exist yet says nothing of the others
        long deadline = System.nanoTime() + countsRefresh.toNanos();
        admin.describeConfigs(resources).values().forEach((resource, config) -> {
            try {
                ConfigEntry type = config.get(left(deadline), TimeUnit.NANOSECONDS)
                        .get(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG);
                if (type != null && type.value() != null) {
                    brokerClock.timestampType(resource.name(), "LogAppendTime".equals(type.value()));
                }
            } catch (Exception e) {
                interruptedAgain(e);
                log.debug("Could not read the timestamp type of {}: {}", resource.name(), e.toString());
            }
        });
    }

    private void listOffsets() {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        counts.forEach((topic, count) -> {
            for (int p = 0; p < count; p++) {
                latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
        });
        if (latest.isEmpty()) {
            return;
        }
        // numbered before the request goes out: its answer counts every record written before this moment
        long number = readsBegun.incrementAndGet();
        try {
            Map<InputPartition, Long> read = new HashMap<>();
            admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                    .get(Math.max(1_000, offsetsRefresh.toMillis() * 5), TimeUnit.MILLISECONDS)
                    .forEach((tp, info) -> read.put(new InputPartition(tp.topic(), tp.partition()), info.offset()));
            ends = new Ends(Map.copyOf(read), number);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            // unknown from now on: no idle declaration counts until the cluster answers again
            ends = new Ends(Map.of(), number);
            log.debug("Could not read the end offsets of {}: {}", topics, e.toString());
        }
    }

    @Override
    public synchronized void start() {
        admin = Admin.create(adminConfig);
        learnBrokerTime();
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "shopstream-input-topics");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleWithFixedDelay(this::describe, 0, countsRefresh.toMillis(), TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(this::listOffsets, 0, offsetsRefresh.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return scheduler != null;
    }

    /** The end offsets of one read, published together with its number. */
    private record Ends(Map<InputPartition, Long> offsets, long read) {
    }

    /** Before the Kafka Streams client starts, so that the first reports already carry counts. */
    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1000;
    }
}
