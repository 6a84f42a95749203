package com.shopstream.benchmarks.suite;

import com.shopstream.harness.ShopStreamWriter;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the seeded generated stream into the benchmark's input topics once: orders keyed by order id; payments both
 * keyed by payment id ({@code payments-raw}, payments-service's input) and by order id ({@code payments}, join-service's
 * input, as payments-service would write it). Topics that already hold exactly the stream's record counts are reused.
 */
final class StreamLoader {

    private static final Logger LOG = LoggerFactory.getLogger(StreamLoader.class);
    private static final Duration CALL = Duration.ofSeconds(30);

    private final Admin admin;
    private final String bootstrap;
    private final int partitions;

    StreamLoader(Admin admin, String bootstrap, int partitions) {
        this.admin = admin;
        this.bootstrap = bootstrap;
        this.partitions = partitions;
    }

    LoadedStream load(GeneratorSettings settings, BenchTopics topics) throws Exception {
        StreamCounts expected = count(settings);
        Set<String> existing = admin.listTopics().names().get(CALL.toSeconds(), TimeUnit.SECONDS);
        List<NewTopic> missing = new ArrayList<>();
        for (String topic : topics.outputs()) {
            if (!existing.contains(topic)) { // also on a broker loaded by an earlier version (fewer baselines)
                missing.add(new NewTopic(topic, partitions, (short) 1));
            }
        }
        if (existing.containsAll(topics.inputs())) {
            admin.createTopics(missing).all().get(CALL.toSeconds(), TimeUnit.SECONDS);
            long orders = records(topics.orders());
            long payments = records(topics.paymentsRaw());
            if (orders == expected.orders() && payments == expected.payments() && records(topics.payments()) == payments) {
                LOG.info("reusing the stream already in {}", topics.inputs());
                return new LoadedStream(orders, payments, true, 0);
            }
            throw new IllegalStateException(topics.inputs() + " exist but do not hold this stream (" + orders
                    + " orders, " + payments + " payments; expected " + expected.orders() + ", " + expected.payments()
                    + "): delete them, or use another broker");
        }
        for (String topic : topics.inputs()) {
            missing.add(new NewTopic(topic, partitions, (short) 1));
        }
        admin.createTopics(missing).all().get(CALL.toSeconds(), TimeUnit.SECONDS);
        long started = System.nanoTime();
        write(settings, topics);
        return new LoadedStream(expected.orders(), expected.payments(), false, (System.nanoTime() - started) / 1e9);
    }

    /** Orders (with duplicates and late ones) and payments of the stream, without sending it. */
    private static StreamCounts count(GeneratorSettings settings) {
        long orders = 0;
        long payments = 0;
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        while (generator.hasNext()) {
            if (generator.next().isOrder()) {
                orders++;
            } else {
                payments++;
            }
        }
        return new StreamCounts(orders, payments);
    }

    private void write(GeneratorSettings settings, BenchTopics topics) {
        ShopStreamWriter.write(bootstrap, settings,
                new ShopStreamWriter.InputTopics(topics.orders(), topics.paymentsRaw(), topics.payments()), 0);
    }

    private long records(String topic) throws Exception {
        var description = admin.describeTopics(List.of(topic)).allTopicNames().get(CALL.toSeconds(), TimeUnit.SECONDS)
                .get(topic);
        Map<TopicPartition, OffsetSpec> earliest = new java.util.HashMap<>();
        Map<TopicPartition, OffsetSpec> latest = new java.util.HashMap<>();
        description.partitions().forEach(p -> {
            earliest.put(new TopicPartition(topic, p.partition()), OffsetSpec.earliest());
            latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest());
        });
        long start = admin.listOffsets(earliest).all().get(CALL.toSeconds(), TimeUnit.SECONDS).values().stream()
                .mapToLong(o -> o.offset()).sum();
        long end = admin.listOffsets(latest).all().get(CALL.toSeconds(), TimeUnit.SECONDS).values().stream()
                .mapToLong(o -> o.offset()).sum();
        return end - start;
    }

    /** What a generated stream holds: order records (with duplicates and late ones) and payments. */
    private record StreamCounts(long orders, long payments) {
    }
}
