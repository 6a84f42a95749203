package com.shopstream.faults;

import com.shopstream.harness.Await;
import com.shopstream.harness.BrokerProcess;
import com.shopstream.harness.KafkaTopics;
import com.shopstream.harness.ServiceProcess;
import com.shopstream.simulator.ConsumerLag;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.springframework.util.FileSystemUtils;

/**
 * One run of the suite as in production: local-kafka and each service in a process of its own, on a fresh data
 * directory. Services are named instances (a module can run twice, in one consumer group).
 */
final class SuiteRun implements AutoCloseable {

    /** Services as the fault tests run them: payments-service writes to {@code payments-out}, see {@link ShopStream}. */
    static final Map<String, List<String>> SERVICES = new LinkedHashMap<>();
    static final Map<String, List<String>> INPUTS = new LinkedHashMap<>();
    static final Duration DRAIN = Duration.ofMinutes(5);
    /**
     * Partitions of every input and output topic of the fault tests: several, so that the partitions of a topic are
     * read at their own speeds (what the per-partition event-time rules are for), few enough for two cores.
     */
    static final int PARTITIONS = 3;

    static {
        SERVICES.put("orders-service", List.of());
        SERVICES.put("session-service", List.of());
        SERVICES.put("join-service", List.of());
        SERVICES.put("dedup-service", List.of());
        SERVICES.put("payments-service", List.of("--shopstream.topics.payments=payments-out"));
        INPUTS.put("orders-service", List.of("orders"));
        INPUTS.put("session-service", List.of("orders"));
        INPUTS.put("join-service", List.of("orders", "payments"));
        INPUTS.put("dedup-service", List.of("orders"));
        INPUTS.put("payments-service", List.of("payments-raw"));
    }

    final Path workDir;
    final int partitions;
    final BrokerProcess broker;
    final KafkaTopics topics;
    private final Map<String, ServiceProcess> instances = new LinkedHashMap<>();
    private final Map<String, List<String>> settings = new LinkedHashMap<>();
    private final Map<String, String> moduleOf = new LinkedHashMap<>();
    private final Map<String, List<String>> jvmOf = new LinkedHashMap<>();
    /** Environment variables of every service JVM besides the test's (libfaketime's), or none. */
    private Map<String, String> environment = Map.of();
    /** Set when the run closes: live traffic ends with it. */
    private volatile boolean closed;

    private SuiteRun(Path workDir, int partitions, int brokers) {
        this.workDir = workDir;
        this.partitions = partitions;
        this.broker = BrokerProcess.of(workDir, partitions, brokers);
        this.topics = new KafkaTopics(broker.bootstrap());
        try {
            broker.startReady();
            topics.create(List.of("payments-out"), partitions);
        } catch (RuntimeException | Error e) {
            broker.close(); // a cluster's nodes would outlive the test
            throw e;
        }
    }

    static SuiteRun start(String name, int partitions) throws Exception {
        return start(name, partitions, 1);
    }

    /** A run on a local cluster of {@code brokers} nodes (see {@link BrokerProcess#node}). */
    static SuiteRun start(String name, int partitions, int brokers) throws Exception {
        return new SuiteRun(Files.createTempDirectory("shopstream-" + name), partitions, brokers);
    }

    /** A run on topics of {@link #PARTITIONS} partitions. */
    static SuiteRun start(String name) throws Exception {
        return start(name, PARTITIONS);
    }

    /** Starts an instance of a service module (see {@link ServiceProcess#awaitReady} to wait until it is ready). */
    ServiceProcess startService(String module, String instance, List<String> extra) {
        return startService(module, instance, extra, ServiceProcess.TEST_JVM);
    }

    /** {@link #startService(String, String, List)} with JVM options of its own (soaks run the full JIT). */
    ServiceProcess startService(String module, String instance, List<String> extra, List<String> jvm) {
        List<String> all = new ArrayList<>(SERVICES.getOrDefault(module, List.of()));
        // a test bench: the tests read health details (clock offsets, the Kafka Streams state) without credentials
        all.add("--management.endpoint.health.show-details=always");
        all.addAll(extra);
        settings.put(instance, all);
        moduleOf.put(instance, module);
        jvmOf.put(instance, jvm);
        ServiceProcess process = ServiceProcess.of(module, instance, broker.bootstrap(), workDir, all, jvm)
                .withEnvironment(environment).start();
        instances.put(instance, process);
        return process;
    }

    /** Every service started from now on gets these environment variables too (e.g. libfaketime's). */
    SuiteRun servicesWithEnvironment(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        return this;
    }

    void startAll() {
        startAll(List.of());
    }

    /** Starts every service with extra settings and waits until all are ready. */
    void startAll(List<String> extra) {
        startAll(extra, ServiceProcess.TEST_JVM);
    }

    void startAll(List<String> extra, List<String> jvm) {
        SERVICES.keySet().forEach(module -> startService(module, module, extra, jvm));
        instances.values().forEach(p -> p.awaitReady(Duration.ofMinutes(3)));
    }

    /** Starts an instance again with its earlier settings, on its own state directory. */
    ServiceProcess restart(String instance) {
        ServiceProcess process = ServiceProcess.of(moduleOf.get(instance), instance, broker.bootstrap(), workDir,
                settings.get(instance), jvmOf.get(instance)).withEnvironment(environment).start();
        instances.put(instance, process);
        return process;
    }

    Collection<ServiceProcess> instances() {
        return instances.values();
    }

    ServiceProcess instance(String name) {
        return instances.get(name);
    }

    /** Writes the whole stream into the input topics, before or while the services run. */
    void load(ShopStream stream) {
        stream.records.forEach(topics::write);
    }

    /**
     * Writes the part of each input topic's records from {@code fromShare} to {@code toShare} of it (0 to 1): a
     * stream loaded in parts has each partition's records in the same order as one loaded at once.
     */
    void load(ShopStream stream, double fromShare, double toShare) {
        stream.records.forEach((topic, messages) -> topics.write(topic, messages.subList(
                (int) (messages.size() * fromShare), (int) (messages.size() * toShare))));
    }

    /**
     * Writes the stream in {@code parts} slices, one every {@code every}, from another thread: live traffic for the
     * services while a test disturbs them. Each partition's records keep their order, as in {@link #load(ShopStream,
     * double, double)}.
     */
    CompletableFuture<Void> loadLive(ShopStream stream, int parts, Duration every) {
        return loadLive(stream, 0, 1, parts, every, () -> false);
    }

    /**
     * {@link #loadLive(ShopStream, int, Duration)} for the part from {@code fromShare} to {@code toShare}, at the pace
     * until {@code rest} says the rest may go at once: traffic that lasts as long as the faults a test does under it,
     * however long they take, and no longer.
     */
    CompletableFuture<Void> loadLive(ShopStream stream, double fromShare, double toShare, int parts, Duration every,
                                     BooleanSupplier rest) {
        return CompletableFuture.runAsync(() -> {
            long next = System.nanoTime();
            double share = (toShare - fromShare) / parts;
            for (int part = 0; part < parts && !closed; part++) {
                double from = fromShare + part * share;
                if (rest.getAsBoolean()) {
                    load(stream, from, toShare);
                    return;
                }
                load(stream, from, part == parts - 1 ? toShare : fromShare + (part + 1) * share);
                next += every.toNanos();
                // a steady rate: the pace of the traffic, not a wait for anything to happen
                LockSupport.parkNanos(Math.max(0, next - System.nanoTime()));
            }
        }, runnable -> {
            Thread loader = new Thread(runnable, "live-load");
            loader.setDaemon(true);
            loader.start();
        });
    }

    /** Drains the backlog, then sends the closing records (which close everything) and drains again. */
    void finish(ShopStream stream) {
        finish(stream, INPUTS);
    }

    /** {@link #finish(ShopStream)} for some services only. */
    void finish(ShopStream stream, Map<String, List<String>> inputsByGroup) {
        finish(stream, inputsByGroup, DRAIN);
    }

    /** {@link #finish(ShopStream, Map)}, each drain waiting at most {@code drain}. */
    void finish(ShopStream stream, Map<String, List<String>> inputsByGroup, Duration drain) {
        awaitDrained(inputsByGroup, drain);
        stream.closingRecords(partitions).forEach(topics::write);
        awaitDrained(inputsByGroup, drain);
    }

    /** Waits until every service's consumer group has processed everything written so far. */
    void awaitDrained(Duration timeout) {
        awaitDrained(INPUTS, timeout);
    }

    /** Waits until the groups have processed everything written so far to their inputs. */
    void awaitDrained(Map<String, List<String>> inputsByGroup, Duration timeout) {
        try (Admin admin = topics.admin()) {
            ConsumerLag lag = new ConsumerLag(admin, inputsByGroup);
            try {
                Await.until("every service to process its input", timeout, () -> lag.total() == 0);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; records behind, by group: " + lagByGroup(lag), e);
            }
        }
    }

    private static String lagByGroup(ConsumerLag lag) {
        try {
            return lag.byGroup().toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        } catch (Exception e) {
            return "unknown (" + e + ")";
        }
    }

    /** The number of records in a topic (its end offsets; the test producers are not transactional). */
    long recordCount(String topic) throws Exception {
        try (Admin admin = topics.admin()) {
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            Map<TopicPartition, OffsetSpec> latest = new LinkedHashMap<>();
            description.partitions().forEach(p -> latest.put(new TopicPartition(topic, p.partition()),
                    OffsetSpec.latest()));
            return admin.listOffsets(latest).all().get().values().stream()
                    .mapToLong(ListOffsetsResult.ListOffsetsResultInfo::offset).sum();
        }
    }

    /** How far a group has committed on a topic: summed over its partitions. */
    record Committed(long committed, long end) {

        /** Whether at least {@code share} of the topic is committed: something, of something written. */
        boolean atLeast(double share) {
            return end > 0 && committed > 0 && committed >= share * end;
        }
    }

    /** The committed offsets of a group on a topic's partitions, and the topic's end offsets, summed. */
    Committed progress(String group, String topic) throws Exception {
        try (Admin admin = topics.admin()) {
            Map<TopicPartition, OffsetSpec> latest = new LinkedHashMap<>();
            for (int p = 0; p < partitions; p++) {
                latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            var offsets = admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
            long committed = 0;
            long end = 0;
            for (var entry : admin.listOffsets(latest).all().get().entrySet()) {
                var done = offsets.get(entry.getKey());
                committed += done == null ? 0 : done.offset();
                end += entry.getValue().offset();
            }
            return new Committed(committed, end);
        }
    }

    /** Waits until a group has committed at least {@code share} of a topic. */
    void awaitCommitted(String group, String topic, double share) {
        Await.until(group + " to commit " + share + " of " + topic, DRAIN, () -> progress(group, topic).atLeast(share));
    }

    /** Stops every process; keeps the logs (in {@code workDir/logs}) and deletes the data (a soak leaves GBs). */
    @Override
    public void close() {
        closed = true;
        instances.values().forEach(ServiceProcess::close);
        broker.close();
        deleteTree(broker.dataDir());
        deleteTree(workDir.resolve("state"));
    }

    private static void deleteTree(Path root) {
        try {
            FileSystemUtils.deleteRecursively(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
