package com.shopstream.common.boot;

import com.shopstream.common.watermark.EventTimeRuntime;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * How many partitions each input topic has, as the cluster says, read in the background (a stream thread must not
 * wait on the admin client) when a topic is first asked for and then every {@code refresh}: a topic that gains
 * partitions makes the queries behind it wait for the new ones. Until the first answer a topic's count is unknown,
 * and the readers' reports say so; the query's watermark holds meanwhile.
 */
public final class TopicPartitionCounts implements EventTimeRuntime.PartitionCounts, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(TopicPartitionCounts.class);

    private final Map<String, Object> adminConfig;
    private final Duration refresh;
    private final Set<String> topics = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> counts = new ConcurrentHashMap<>();
    private ScheduledExecutorService scheduler;
    private Admin admin;

    public TopicPartitionCounts(Map<String, Object> adminConfig, Duration refresh) {
        this.adminConfig = Map.copyOf(adminConfig);
        this.refresh = refresh;
    }

    @Override
    public OptionalInt count(String topic) {
        Integer count = counts.get(topic);
        if (count == null) {
            if (topics.add(topic)) {
                ScheduledExecutorService running = scheduler;
                if (running != null) {
                    running.execute(this::describe);
                }
            }
            return OptionalInt.empty();
        }
        return OptionalInt.of(count);
    }

    private void describe() {
        if (topics.isEmpty()) {
            return;
        }
        try {
            Map<String, TopicDescription> described = admin.describeTopics(Set.copyOf(topics)).allTopicNames()
                    .get(refresh.toMillis(), TimeUnit.MILLISECONDS);
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
    }

    @Override
    public synchronized void start() {
        admin = Admin.create(adminConfig);
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "shopstream-partition-counts");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleWithFixedDelay(this::describe, 0, refresh.toMillis(), TimeUnit.MILLISECONDS);
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

    /** Before the Kafka Streams client starts, so that the first reports already carry counts. */
    @Override
    public int getPhase() {
        return Integer.MIN_VALUE + 1000;
    }
}
