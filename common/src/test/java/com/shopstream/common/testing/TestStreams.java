package com.shopstream.common.testing;

import com.shopstream.common.boot.InputTopicsWatch;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.errors.DeadLetterPublisher;
import com.shopstream.common.errors.KafkaDeadLetterPublisher;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.runtime.StreamsDefaults;
import com.shopstream.common.runtime.StreamsRuntime;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.RocksDbMemory;
import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.eventtime.BrokerClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyConfig;

/**
 * The streams configuration of a service under test: the same {@link StreamsDefaults} as production (so naming
 * enforcement, handlers and exactly-once are on), with dead letters recorded in memory.
 */
public final class TestStreams implements AutoCloseable {

    private final String serviceName;
    private final RecordingDeadLetterPublisher recorded = new RecordingDeadLetterPublisher();
    private final KafkaDeadLetterPublisher kafkaDeadLetters;
    private final ProgressRegistry progress;
    private final Properties properties;
    private final InputTopicsWatch brokerTopics;
    /** What the handlers and processors share, as {@link StreamsDefaults#apply} put it into {@link #properties}. */
    private StreamsRuntime runtime;

    private TestStreams(String serviceName, String bootstrapServers, Path stateDir, boolean realDeadLetters) {
        this.serviceName = serviceName;
        this.progress = new ProgressRegistry(serviceName, ShopstreamProperties.defaults().watermark().adviceHorizon());
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, serviceName);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        this.kafkaDeadLetters = realDeadLetters
                ? new KafkaDeadLetterPublisher(Map.of(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                        serviceName + "-dead-letters")
                : null;
        DeadLetterPublisher deadLetters = realDeadLetters ? kafkaDeadLetters : recorded;
        ShopstreamProperties defaults = ShopstreamProperties.defaults();
        EventTimeRuntime eventTime;
        if (realDeadLetters) {
            // a broker's topics: counts from the cluster; no lag reading, so no partition ever turns idle
            // a broker clock of the test's own: what one test reads must not bound another's writes
            BrokerClock brokerClock = new BrokerClock(System::nanoTime, System::currentTimeMillis);
            this.brokerTopics = new InputTopicsWatch(
                    Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), Duration.ofSeconds(5),
                    defaults.watermark().endOffsetsRefresh(), brokerClock);
            brokerTopics.start();
            eventTime = defaults.eventTimeRuntime(partition -> OptionalLong.empty(), brokerTopics, brokerTopics,
                    brokerClock);
        } else {
            this.brokerTopics = null;
            // the driver's records carry arrival times, not broker times: a broker clock of the test's own
            eventTime = defaults.eventTimeRuntime(EventTimeRuntime.InputLag.CAUGHT_UP,
                    EventTimeRuntime.PartitionCounts.ONE_EACH, EventTimeRuntime.UNCHANGING_END_OFFSETS,
                    new BrokerClock(System::nanoTime, System::currentTimeMillis));
        }
        this.runtime = new StreamsRuntime(serviceName + "-dlq", deadLetters, progress, eventTime);
        StreamsDefaults.apply(props, runtime, RocksDbMemory.DEFAULT);
        this.properties = props;
    }

    /** The event-time settings and facts the steps run with. */
    public EventTimeRuntime eventTime() {
        return runtime.eventTime();
    }

    /** Other event-time settings or facts (an idle timeout, a lag), before the driver or the client is created. */
    public TestStreams with(EventTimeRuntime eventTime) {
        runtime = new StreamsRuntime(runtime.deadLetterTopic(), runtime.deadLetters(), runtime.progress(), eventTime);
        runtime.putInto(properties);
        return this;
    }

    /** For TopologyTestDriver: no broker; dead letters are recorded in memory. */
    public static TestStreams forDriver(String serviceName) {
        return new TestStreams(serviceName, "test-driver:9092", tempDir(serviceName), false);
    }

    /**
     * For a real broker, with dead letters written to {@code <serviceName>-dlq} as in production. The state
     * directory is given so that a restart can reuse (or not) the same one.
     */
    public static TestStreams forBroker(String serviceName, String bootstrapServers, Path stateDir) {
        return new TestStreams(serviceName, bootstrapServers, stateDir, true);
    }

    @Override
    public void close() {
        if (kafkaDeadLetters != null) {
            kafkaDeadLetters.close();
        }
        if (brokerTopics != null) {
            brokerTopics.stop();
        }
    }

    /** Adds or overrides one Kafka Streams setting (before the driver or the client is created). */
    public TestStreams with(String key, Object value) {
        properties.put(key, value);
        return this;
    }

    /** A builder that, like the services', refuses auto-generated names for stores and internal topics. */
    public StreamsBuilder builder() {
        return new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
    }

    /** Serdes with the production rules (how far ahead an event time may be is the source step's, on broker time). */
    public static ShopTopics topics() {
        return new ShopTopics(new EventReader(Clock.systemUTC(), Duration.ofHours(1)));
    }

    public Properties properties() {
        Properties copy = new Properties();
        copy.putAll(properties);
        return copy;
    }

    public String serviceName() {
        return serviceName;
    }

    /** Dead letters of a TopologyTestDriver run (a broker run writes them to the dead-letter topic). */
    public RecordingDeadLetterPublisher deadLetters() {
        return recorded;
    }

    public ProgressRegistry progress() {
        return progress;
    }

    public static Path tempDir(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix + "-state");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
