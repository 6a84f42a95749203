package com.shopstream.benchmarks.suite;

import com.shopstream.harness.Await;
import com.shopstream.harness.ServiceProcess;
import com.shopstream.simulator.ConsumerLag;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live latency of orders-service in update mode: a fresh orders topic, orders-service on it (exactly-once, as
 * deployed), orders generated at a fixed rate with event times that follow the wall clock, and the update topic read
 * with read_committed. Each order's latency is from just before it was handed to the producer to the moment a count of
 * its window that includes it was read ({@link WindowVisibility}).
 */
final class LiveLatencyRun {

    private static final Logger LOG = LoggerFactory.getLogger(LiveLatencyRun.class);
    private static final String UPDATE_TOPIC = "orders-per-5m";
    private static final long WINDOW_MS = Duration.ofMinutes(5).toMillis();
    /** On-time orders get a duplicate one time in ten: spacing orders this much wider keeps event time on the clock. */
    private static final double EVENTS_PER_ORDER = 1.1;

    private final Admin admin;
    private final String bootstrap;
    private final Path workDir;
    private final List<String> jvmOptions;
    private final int partitions;
    /** The service's arguments for the Kafka Streams settings given to every run ({@code --streams-properties}). */
    private final List<String> streamsArguments;

    LiveLatencyRun(Admin admin, String bootstrap, Path workDir, List<String> jvmOptions, int partitions,
                   List<String> streamsArguments) {
        this.admin = admin;
        this.bootstrap = bootstrap;
        this.workDir = workDir;
        this.jvmOptions = jvmOptions;
        this.partitions = partitions;
        this.streamsArguments = streamsArguments;
    }

    LiveResult measure(long rate, Duration warmUp, Duration duration, long seed, String tag) throws Exception {
        String topic = "bench-live-orders-" + tag;
        String group = "orders-service-live-" + tag;
        admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        List<String> settings = new ArrayList<>(List.of("--shopstream.topics.orders=" + topic,
                "--spring.kafka.streams.application-id=" + group, "--shopstream.progress-interval=10s"));
        settings.addAll(streamsArguments);
        ServiceProcess service = ServiceProcess.of("orders-service", group, bootstrap, workDir, settings, jvmOptions)
                .start();
        ScheduledExecutorService lagSampler = Executors.newSingleThreadScheduledExecutor();
        try {
            service.awaitReady(Duration.ofMinutes(3));
            WindowVisibility visibility = new WindowVisibility();
            ConsumerLag lag = new ConsumerLag(admin, Map.of(group, List.of(topic)));
            ConsumerLag sampledLag = new ConsumerLag(admin, Map.of(group, List.of(topic))); // one per thread
            AtomicLong maxLag = new AtomicLong();
            try (UpdateTopicReader reader = new UpdateTopicReader(bootstrap, UPDATE_TOPIC, visibility)) {
                double cpuBefore = service.cpuSeconds();
                long started = System.nanoTime();
                // after the warm-up: a backlog the cold JIT builds is not what the rate costs
                lagSampler.scheduleAtFixedRate(() -> sampleLag(sampledLag, maxLag), warmUp.toMillis(), 500,
                        TimeUnit.MILLISECONDS);
                long sent = send(topic, rate, warmUp, duration, seed, visibility);
                double sentSeconds = (System.nanoTime() - started) / 1e9;
                Await.until("orders-service to catch up with the live stream", Duration.ofMinutes(5),
                        () -> lag.total() == 0);
                // the last counts are committed: give the reader a moment to see them (orders never seen are
                // reported, not waited for)
                try {
                    Await.until("the update topic to show every order", Duration.ofSeconds(10),
                            () -> visibility.seenCount() >= visibility.sentCount());
                } catch (AssertionError notAll) {
                    LOG.warn("live run at {}/s: {} of {} orders seen", rate, visibility.seenCount(),
                            visibility.sentCount());
                }
                lagSampler.shutdownNow();
                double seconds = (System.nanoTime() - started) / 1e9;
                Percentiles latencies = visibility.latencies();
                return new LiveResult(rate, sent / sentSeconds, visibility.sentCount(), visibility.seenCount(),
                        latencies.at(50) / 1e6, latencies.at(99) / 1e6, latencies.max() / 1e6, maxLag.get(),
                        service.cpuSeconds() - cpuBefore, seconds);
            }
        } finally {
            lagSampler.shutdownNow();
            try {
                service.stop(Duration.ofMinutes(1));
            } catch (IllegalStateException e) {
                service.kill();
            }
        }
    }

    /**
     * Sends generated orders at {@code rate} events/s for {@code warmUp} and then for {@code duration}, following the
     * latency of the latter only (the service's JIT compiles its hot paths in the warm-up); returns how many it sent.
     */
    private long send(String topic, long rate, Duration warmUp, Duration duration, long seed,
                      WindowVisibility visibility) {
        long orders = rate * (warmUp.toSeconds() + duration.toSeconds());
        GeneratorSettings settings = GeneratorSettings.defaults(seed, orders)
                .withStart(Instant.now())
                .withSpacing(Duration.ofNanos((long) (1e9 / rate * EVENTS_PER_ORDER)))
                .withShares(0.01, 0.10, 0, 0);
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        AtomicReference<Exception> failure = new AtomicReference<>();
        long started = System.nanoTime();
        long followFrom = started + warmUp.toNanos();
        long end = followFrom + duration.toNanos();
        long sent = 0;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProperties(),
                new StringSerializer(), new StringSerializer())) {
            while (generator.hasNext() && failure.get() == null) {
                long due = started + sent * 1_000_000_000L / rate;
                if (due > end) {
                    break;
                }
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                GeneratedEvent event = generator.next();
                long sentAt = System.nanoTime();
                // a too-late order never shows in a count: its latency is not defined
                if (event.kind() != GeneratedEvent.Kind.LATE_ORDER) {
                    visibility.sent(Math.floorDiv(event.eventTime(), WINDOW_MS) * WINDOW_MS, sentAt,
                            sentAt >= followFrom);
                }
                producer.send(new ProducerRecord<>(topic, event.key(), event.json()), (metadata, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    }
                });
                sent++;
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("could not send the live stream", failure.get());
        }
        return sent;
    }

    private Properties producerProperties() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        // a shop's front end sends as orders come: small batches, short linger
        props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        return props;
    }

    private static void sampleLag(ConsumerLag lag, AtomicLong maxLag) {
        try {
            maxLag.accumulateAndGet(lag.total(), Math::max);
        } catch (Exception e) {
            LOG.debug("lag sample failed", e);
        }
    }
}
