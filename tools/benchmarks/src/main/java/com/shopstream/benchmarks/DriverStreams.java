package com.shopstream.benchmarks;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.errors.DeadLetterPublisher;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.runtime.StreamsDefaults;
import com.shopstream.common.runtime.StreamsRuntime;
import com.shopstream.common.streams.RocksDbMemory;
import com.shopstream.common.watermark.EventTimeRuntime;
import java.nio.file.Files;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;

/**
 * The production streams settings for a TopologyTestDriver run, with every store in memory: the driver commits and
 * checkpoints after each record, which for RocksDB means a flush per record and measures the disk, not the topology.
 */
final class DriverStreams {

    private final Properties properties = new Properties();
    private final AtomicLong deadLetters = new AtomicLong();
    private final ProgressRegistry progress;

    DriverStreams(String service) throws Exception {
        progress = new ProgressRegistry(service, ShopstreamProperties.defaults().watermark().adviceHorizon());
        DeadLetterPublisher counting = record -> deadLetters.incrementAndGet();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, service);
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "test-driver:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory(service).toString());
        properties.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG,
                BuiltInDslStoreSuppliers.InMemoryDslStoreSuppliers.class);
        // TopologyTestDriver reads as it is fed, and its topics have one partition each
        StreamsDefaults.apply(properties, new StreamsRuntime(service + "-dlq", counting, progress,
                ShopstreamProperties.defaults().eventTimeRuntime(EventTimeRuntime.InputLag.CAUGHT_UP,
                        EventTimeRuntime.PartitionCounts.ONE_EACH, EventTimeRuntime.UNCHANGING_END_OFFSETS)),
                RocksDbMemory.DEFAULT);
    }

    StreamsBuilder builder() {
        return new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
    }

    Properties properties() {
        return properties;
    }

    long deadLetters() {
        return deadLetters.get();
    }

    ProgressRegistry progress() {
        return progress;
    }
}
