package com.shopstream.simulator;

import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopScenario;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * {@code replay FILE.jsonl}: sends a scenario in {@code seq} order, one record at a time, orders to {@code orders}
 * and payments to {@code payments-raw}. With {@code --settle}, the next record goes only once every service has
 * processed the previous one (its consumer groups' lag back to 0, repartition topics and {@code payments} behind
 * payments-service included): arrival order decides lateness, and a payment takes one hop more than an order.
 */
public final class ReplayCommand {

    /** The services and what they read: their application ids are their consumer groups. */
    public static final Map<String, List<String>> SERVICE_INPUTS = new LinkedHashMap<>();

    static {
        SERVICE_INPUTS.put("orders-service", List.of("orders"));
        SERVICE_INPUTS.put("session-service", List.of("orders"));
        SERVICE_INPUTS.put("join-service", List.of("orders", "payments"));
        SERVICE_INPUTS.put("dedup-service", List.of("orders"));
        SERVICE_INPUTS.put("payments-service", List.of("payments-raw"));
    }

    private ReplayCommand() {
    }

    static int run(CommandLine args, PrintStream out) throws Exception {
        if (args.positional().size() > 1) {
            throw new CommandLine.UsageException("replay takes one scenario file (or none: the shop scenario)");
        }
        String bootstrap = args.text("bootstrap", "127.0.0.1:9092");
        String ordersTopic = args.text("orders-topic", "orders");
        String paymentsTopic = args.text("payments-topic", "payments-raw");
        boolean settle = args.flag("settle");
        Duration settleTimeout = args.duration("settle-timeout", Duration.ofSeconds(60));
        List<String> groups = List.of(args.text("settle-groups", String.join(",", SERVICE_INPUTS.keySet())).split(","));
        args.rejectUnknown();

        List<ScenarioEvent> events = (args.positional().isEmpty() ? ShopScenario.shop()
                : ShopScenario.load(Path.of(args.positional().get(0)))).events();
        Map<String, List<String>> inputs = new LinkedHashMap<>();
        groups.forEach(group -> inputs.put(group, SERVICE_INPUTS.getOrDefault(group, List.of())));
        ProgressBar bar = new ProgressBar(out, events.size());
        Instant started = Instant.now();
        try (KafkaProducer<String, String> producer = Producers.producer(bootstrap, false);
             Admin admin = Admin.create(Producers.admin(bootstrap))) {
            ConsumerLag lag = new ConsumerLag(admin, inputs);
            int sent = 0;
            for (ScenarioEvent event : events) {
                String topic = event.isOrder() ? ordersTopic : paymentsTopic;
                producer.send(new ProducerRecord<>(topic, event.key(), event.json())).get(30, TimeUnit.SECONDS);
                if (settle) {
                    awaitSettled(lag, settleTimeout, event);
                }
                bar.show(++sent, "seq " + event.seq() + " → " + topic);
            }
        }
        out.printf("replayed %d records%s in %.1f s%n", events.size(), settle ? " (settled)" : "",
                Duration.between(started, Instant.now()).toMillis() / 1000.0);
        return 0;
    }

    /** Polls the groups' lag until it is 0: the services' commit interval (100 ms) sets the pace, not a sleep. */
    private static void awaitSettled(ConsumerLag lag, Duration timeout, ScenarioEvent event) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long remaining;
        while ((remaining = lag.total()) > 0) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("seq " + event.seq() + " not processed by every service within " + timeout
                        + " (" + remaining + " records behind): is every service running?");
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
