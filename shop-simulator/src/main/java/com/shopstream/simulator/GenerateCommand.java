package com.shopstream.simulator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * {@code generate}: a seeded random shop stream ({@link ShopStreamGenerator}) sent at a chosen rate or as fast as
 * possible; prints what it sent, per kind, at the end. Payments go to {@code payments-raw} keyed by payment id, or,
 * with {@code --payments-topic payments}, straight to {@code payments} keyed by order id.
 */
final class GenerateCommand {

    private GenerateCommand() {
    }

    static int run(CommandLine args, PrintStream out) throws Exception {
        String bootstrap = args.text("bootstrap", "127.0.0.1:9092");
        String ordersTopic = args.text("orders-topic", "orders");
        String paymentsTopic = args.text("payments-topic", "payments-raw");
        long rate = args.number("rate", 0);
        GeneratorSettings defaults = GeneratorSettings.defaults(args.number("seed", 42), args.number("orders", 10_000));
        GeneratorSettings settings = defaults
                .withSpacing(args.duration("spacing", defaults.spacing()))
                .withCustomers((int) args.number("customers", defaults.customers()))
                .withShares(args.share("late", defaults.lateShare()), args.share("duplicates", defaults.duplicateShare()),
                        args.share("paid", defaults.paidShare()), args.share("outside", defaults.paymentOutsideShare()));
        settings = settings.withStart(args.instant("start",
                GeneratorSettings.defaults(settings.seed(), settings.orders()).withSpacing(settings.spacing()).start()));
        args.rejectUnknown();

        Map<GeneratedEvent.Kind, Long> counts = send(settings, bootstrap, ordersTopic, paymentsTopic, rate, out);
        out.println("sent:");
        counts.forEach((kind, count) -> out.printf("  %-22s %,d%n", kind.name().toLowerCase(java.util.Locale.ROOT), count));
        return 0;
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
                            .filter(e -> e.getKey() == GeneratedEvent.Kind.ORDER || e.getKey() == GeneratedEvent.Kind.LATE_ORDER)
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
