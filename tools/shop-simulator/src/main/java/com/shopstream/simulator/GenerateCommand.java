package com.shopstream.simulator;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code generate}: a seeded random shop stream ({@link ShopStreamGenerator}) sent at a chosen rate or as fast as
 * possible; prints what it sent, per kind, at the end. Payments go to {@code payments-raw} keyed by payment id, or,
 * with {@code --payments-topic payments}, straight to {@code payments} keyed by order id.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Sends a seeded random shop stream; prints what it sent, per kind.")
final class GenerateCommand extends SimulatorCommand {

    @Option(names = "--orders", paramLabel = "N", defaultValue = "10000",
            description = "how many orders (default: ${DEFAULT-VALUE})")
    private long orders;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42",
            description = "the generator's seed (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--rate", paramLabel = "EVENTS/S", defaultValue = "0",
            description = "events per second, 0 = as fast as possible (default: ${DEFAULT-VALUE})")
    private long rate;

    @Option(names = "--spacing", paramLabel = "DURATION", defaultValue = "10ms",
            description = "event time between orders (default: ${DEFAULT-VALUE})")
    private Duration spacing;

    @Option(names = "--start", paramLabel = "INSTANT",
            description = "event time of the first order, ISO-8601 (default: orders × spacing + 10 min before now)")
    private Instant start;

    @Option(names = "--customers", paramLabel = "N", defaultValue = "1000",
            description = "how many customers (default: ${DEFAULT-VALUE})")
    private int customers;

    @Option(names = "--late", paramLabel = "SHARE", defaultValue = "0.01", converter = ShareConverter.class,
            description = "share of orders very late, 30 to 60 min (default: ${DEFAULT-VALUE})")
    private double late;

    @Option(names = "--duplicates", paramLabel = "SHARE", defaultValue = "0.10", converter = ShareConverter.class,
            description = "share of orders sent twice (default: ${DEFAULT-VALUE})")
    private double duplicates;

    @Option(names = "--paid", paramLabel = "SHARE", defaultValue = "0.80", converter = ShareConverter.class,
            description = "share of orders that get a payment (default: ${DEFAULT-VALUE})")
    private double paid;

    @Option(names = "--outside", paramLabel = "SHARE", defaultValue = "0.10", converter = ShareConverter.class,
            description = "share of payments after the 5-min bound (default: ${DEFAULT-VALUE})")
    private double outside;

    @Option(names = "--amount-mismatch", paramLabel = "SHARE", defaultValue = "0.01", converter = ShareConverter.class,
            description = "share of payments of another amount than their order's (default: ${DEFAULT-VALUE})")
    private double amountMismatch;

    @Option(names = "--orders-topic", paramLabel = "TOPIC", defaultValue = "orders",
            description = "where the orders go (default: ${DEFAULT-VALUE})")
    private String ordersTopic;

    @Option(names = "--payments-topic", paramLabel = "TOPIC", defaultValue = "payments-raw",
            description = "where the payments go, keyed by payment id; payments: keyed by order id "
                    + "(default: ${DEFAULT-VALUE})")
    private String paymentsTopic;

    @Override
    public Integer call() throws Exception {
        PrintStream out = out();
        Map<GeneratedEvent.Kind, Long> counts = send(settings(), servers(), ordersTopic, paymentsTopic, rate,
                out);
        out.println("sent:");
        counts.forEach((kind, count) -> out.printf("  %-22s %,d%n", kind.name().toLowerCase(java.util.Locale.ROOT),
                count));
        return 0;
    }

    GeneratorSettings settings() {
        try {
            GeneratorSettings settings = GeneratorSettings.defaults(seed, orders).withSpacing(spacing)
                    .withCustomers(customers).withShares(late, duplicates, paid, outside)
                    .withAmountMismatchShare(amountMismatch);
            return settings.withStart(start != null ? start : GeneratorSettings.startEndingBeforeNow(spacing, orders));
        } catch (IllegalArgumentException e) {
            // a negative count or spacing: the command line is wrong, not the run
            throw usageError(e.getMessage());
        }
    }

    /** Sends the whole stream and returns the counts per kind; at {@code rate} events/s, or flat out when 0. */
    static Map<GeneratedEvent.Kind, Long> send(GeneratorSettings settings, String bootstrap, String ordersTopic,
                                               String paymentsTopic, long rate, PrintStream out) throws Exception {
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        boolean keyPaymentsByOrder = paymentsTopic.equals("payments");
        AtomicReference<Exception> failure = new AtomicReference<>();
        long started = System.nanoTime();
        long sent = 0;
        ProgressBar bar = new ProgressBar(out, settings.orders());
        try (KafkaProducer<String, String> producer = Producers.producer(bootstrap, true)) {
            while (generator.hasNext() && failure.get() == null) {
                GeneratedEvent event = generator.next();
                String topic = event.isOrder() ? ordersTopic : paymentsTopic;
                String key = event.isOrder() || keyPaymentsByOrder ? Long.toString(event.orderId()) : event.key();
                producer.send(new ProducerRecord<>(topic, key, event.json()), (metadata, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    }
                });
                sent++;
                if (rate > 0) {
                    long due = started + sent * 1_000_000_000L / rate;
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    }
                }
                if (sent % 10_000 == 0) {
                    bar.show(Math.min(settings.orders(), generator.counts().entrySet().stream()
                            .filter(e -> e.getKey().isNewOrder())
                            .mapToLong(Map.Entry::getValue).sum()), "events " + sent);
                }
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("could not send the generated stream", failure.get());
        }
        double seconds = Duration.ofNanos(System.nanoTime() - started).toMillis() / 1000.0;
        out.printf("sent %,d events in %.1f s (%,.0f events/s)%n", sent, seconds, sent / Math.max(seconds, 0.001));
        return generator.counts();
    }
}
