package com.shopstream.localkafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creation of the contract's topics ({@link ContractTopic#list()}) on a broker. */
public final class ContractTopics {

    private static final Logger log = LoggerFactory.getLogger(ContractTopics.class);
    /** A single broker's: the deployment files' script is compared with this, and scales it per cluster. */
    private static final short REPLICATION_FACTOR = 1;

    private ContractTopics() {
    }

    /** The contract's topic names, in the order of the list. */
    public static List<String> names() {
        return ContractTopic.list().stream().map(ContractTopic::name).toList();
    }

    /** Joined by key, so they must have the same partition count or the join silently misses matches. */
    public static List<String> coPartitioned() {
        return ContractTopic.list().stream().filter(ContractTopic::coPartitioned).map(ContractTopic::name).toList();
    }

    /**
     * The topics {@link #ensure} creates on a cluster that has none of them: what the deployment files' script must
     * create too (deploy-checks compares them).
     */
    public static List<NewTopic> toCreate(int partitions) {
        return toCreate(ContractTopic.list(), Map.of(), partitions, REPLICATION_FACTOR);
    }

    private static List<NewTopic> toCreate(List<ContractTopic> topics, Map<String, Integer> existing, int partitions,
                                           short replicationFactor) {
        int coPartitions = coPartitionedCount(existing).orElse(partitions);
        List<NewTopic> missing = new ArrayList<>();
        for (ContractTopic topic : topics) {
            if (!existing.containsKey(topic.name())) {
                int count = topic.coPartitioned() ? coPartitions : topic.partitions(partitions);
                missing.add(new NewTopic(topic.name(), count, replicationFactor).configs(topic.configs()));
            }
        }
        return missing;
    }

    /** What {@link #ensure} found and did. */
    public record Result(List<String> topics, List<String> created, Map<String, Integer> partitions) {
    }

    /**
     * Creates the contract topics that do not exist yet, with the list's partitions ({@code partitions} where it says
     * default), one replica and the list's configs.
     * Existing topics are kept as they are: a different partition count is only warned about, because changing
     * it would move keys between partitions under running applications. The co-partitioned inputs are the
     * exception: a missing one is created like its existing partner, and a mismatch between them fails.
     */
    public static Result ensure(Admin admin, int partitions, Duration timeout) throws Exception {
        return ensure(admin, partitions, REPLICATION_FACTOR, timeout);
    }

    /** {@link #ensure(Admin, int, Duration)} with {@code replicationFactor} copies of every new topic. */
    static Result ensure(Admin admin, int partitions, short replicationFactor, Duration timeout) throws Exception {
        List<ContractTopic> list = ContractTopic.list();
        List<String> topics = list.stream().map(ContractTopic::name).toList();
        Map<String, Integer> existing = partitionCounts(admin, topics, timeout);
        List<NewTopic> missing = toCreate(list, existing, partitions, replicationFactor);
        List<String> created = new ArrayList<>();
        if (!missing.isEmpty()) {
            Map<String, KafkaFuture<Void>> results = admin.createTopics(missing).values();
            for (Map.Entry<String, KafkaFuture<Void>> result : results.entrySet()) {
                try {
                    result.getValue().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                    created.add(result.getKey());
                } catch (ExecutionException e) {
                    // someone else (another local-kafka, a service's admin) created it meanwhile: fine
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw e;
                    }
                }
            }
        }

        Map<String, Integer> actual = awaitUsable(admin, topics, timeout);
        warnAboutPartitionCounts(topics, created, actual, partitions);
        coPartitionedCount(actual);
        return new Result(topics, List.copyOf(created), Map.copyOf(actual));
    }

    /** One line per cause, not one per topic: after a --partitions change every topic would differ. */
    private static void warnAboutPartitionCounts(List<String> topics, List<String> created, Map<String, Integer> actual,
                                                 int requested) {
        Map<Integer, List<String>> kept = new TreeMap<>();
        Map<Integer, List<String>> matched = new TreeMap<>();
        for (String topic : topics) {
            int count = actual.get(topic);
            if (count != requested) {
                (created.contains(topic) ? matched : kept).computeIfAbsent(count, c -> new ArrayList<>()).add(topic);
            }
        }
        kept.forEach((count, names) -> log.warn("{} already exist with {} partitions, not the requested {}, and are"
                + " kept as they are (delete them, or use a new --data-dir, to change that)", which(names, topics),
                count, requested));
        matched.forEach((count, names) -> log.warn("{} were created with {} partitions, not the requested {}, to match the"
                + " existing one of {}", which(names, topics), count, requested, coPartitioned()));
    }

    private static String which(List<String> names, List<String> all) {
        return names.size() == all.size() ? "All " + all.size() + " contract topics" : "Topics " + names;
    }

    /** The partition count of the co-partitioned inputs {@code ensured} found; {@code requested} without them. */
    static int coPartitions(Result ensured, int requested) {
        return ensured == null ? requested : coPartitionedCount(ensured.partitions()).orElse(requested);
    }

    /** The partition count shared by the co-partitioned topics that exist, if any exist. */
    static OptionalInt coPartitionedCount(Map<String, Integer> counts) {
        Map<String, Integer> present = new TreeMap<>();
        List<String> coPartitioned = coPartitioned();
        for (String topic : coPartitioned) {
            if (counts.containsKey(topic)) {
                present.put(topic, counts.get(topic));
            }
        }
        if (present.values().stream().distinct().count() > 1) {
            throw new IllegalStateException("topics " + coPartitioned + " must have the same partition count"
                    + " (payments-service writes each payment to the payments partition numbered like its"
                    + " payments-raw partition), but they have " + present
                    + "; delete them (or use a new --data-dir) and start again");
        }
        return present.values().stream().mapToInt(Integer::intValue).findFirst();
    }

    /**
     * Waits until the broker serves every topic with a leader for each partition: the controller confirms a
     * creation before the broker has applied it, and after a restart leaders are elected only once the broker
     * is back. Until then a producer or Streams app would see errors, so "ready" would be a lie.
     */
    private static Map<String, Integer> awaitUsable(Admin admin, List<String> topics, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Map<String, TopicDescription> usable = new TreeMap<>(describe(admin, topics, timeout));
            usable.values().removeIf(topic -> topic.partitions().stream().anyMatch(p -> p.leader() == null || p.leader().isEmpty()));
            if (usable.size() == topics.size()) {
                awaitServed(admin, usable.values(), timeout);
                Map<String, Integer> counts = new TreeMap<>();
                usable.forEach((name, topic) -> counts.put(name, topic.partitions().size()));
                return counts;
            }
            if (System.nanoTime() > deadline) {
                List<String> notReady = topics.stream().filter(topic -> !usable.containsKey(topic)).toList();
                throw new TimeoutException("topics " + notReady + " have no leader after " + timeout.toSeconds() + " s");
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /**
     * The broker publishes a new leader in its metadata a moment before its replica manager acts as one; a
     * produce in that moment fails with NOT_LEADER_OR_FOLLOWER. Asking each leader for its end offset, which
     * the admin client retries quietly until it is answered, closes that gap.
     */
    private static void awaitServed(Admin admin, Collection<TopicDescription> topics, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<TopicPartition, OffsetSpec> partitions = new HashMap<>();
        for (TopicDescription topic : topics) {
            topic.partitions().forEach(p -> partitions.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest()));
        }
        admin.listOffsets(partitions).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Partition counts of the given topics that exist; missing topics are left out. */
    private static Map<String, Integer> partitionCounts(Admin admin, List<String> topics, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<String, Integer> counts = new TreeMap<>();
        describe(admin, topics, timeout).forEach((name, topic) -> counts.put(name, topic.partitions().size()));
        return counts;
    }

    /** Descriptions of the given topics that exist; missing topics are left out. */
    private static Map<String, TopicDescription> describe(Admin admin, List<String> topics, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<String, TopicDescription> found = new TreeMap<>();
        Map<String, KafkaFuture<TopicDescription>> descriptions = admin.describeTopics(topics).topicNameValues();
        for (Map.Entry<String, KafkaFuture<TopicDescription>> description : descriptions.entrySet()) {
            try {
                found.put(description.getKey(), description.getValue().get(timeout.toMillis(), TimeUnit.MILLISECONDS));
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
        }
        return found;
    }
}
