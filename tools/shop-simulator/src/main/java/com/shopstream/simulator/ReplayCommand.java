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
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code replay FILE.jsonl}: sends a scenario in {@code seq} order, one record at a time, orders to {@code orders}
 * and payments to {@code payments-raw}, or, with {@code --payments-url}, to payments-service's {@code POST /payments},
 * signed as a provider signs ({@link SignedPayments}). With {@code --settle}, the next record goes only once every
 * service has
 * processed the previous one (its consumer groups' lag back to 0, repartition topics and {@code payments} behind
 * payments-service included): arrival order decides lateness, and a payment takes one hop more than an order.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Sends a scenario in seq order, one record at a time: orders to --orders-topic, payments to "
                + "--payments-topic or, with --payments-url, signed to payments-service's POST /payments.")
public final class ReplayCommand extends SimulatorCommand {

    /** The services and what they read: their application ids are their consumer groups. */
    public static final Map<String, List<String>> SERVICE_INPUTS = new LinkedHashMap<>();

    static {
        SERVICE_INPUTS.put("orders-service", List.of("orders"));
        SERVICE_INPUTS.put("session-service", List.of("orders"));
        SERVICE_INPUTS.put("join-service", List.of("orders", "payments"));
        SERVICE_INPUTS.put("dedup-service", List.of("orders"));
        SERVICE_INPUTS.put("payments-service", List.of("payments-raw"));
    }

    @Parameters(arity = "0..1", paramLabel = "FILE.jsonl",
            description = "the scenario to send (default: the shop scenario this jar carries)")
    private Path file;

    @Option(names = "--settle", description = "wait after each record until every service has processed it")
    private boolean settle;

    @Option(names = "--settle-timeout", paramLabel = "DURATION", defaultValue = "60s",
            description = "how long --settle waits for one record (default: ${DEFAULT-VALUE})")
    private Duration settleTimeout;

    // SERVICE_INPUTS' keys, written out because an annotation takes only constants (CommandLineTest compares them)
    @Option(names = "--settle-groups", paramLabel = "GROUP", split = ",",
            defaultValue = "orders-service,session-service,join-service,dedup-service,payments-service",
            description = "the consumer groups --settle waits for (default: ${DEFAULT-VALUE})")
    private List<String> settleGroups;

    @Option(names = "--orders-topic", paramLabel = "TOPIC", defaultValue = "orders",
            description = "where the orders go (default: ${DEFAULT-VALUE})")
    private String ordersTopic;

    @Option(names = "--payments-topic", paramLabel = "TOPIC", defaultValue = "payments-raw",
            description = "where the payments go (default: ${DEFAULT-VALUE})")
    private String paymentsTopic;

    @Option(names = "--payments-url", paramLabel = "URL",
            description = "post the payments, signed, to payments-service at URL (e.g. http://127.0.0.1:8085) instead "
                    + "of writing them to --payments-topic")
    private String paymentsUrl;

    @Option(names = "--webhook-secret", paramLabel = "whsec_...", defaultValue = "${env:SHOPSTREAM_WEBHOOK_SECRET}",
            description = "with --payments-url: a secret of the service's shopstream.payments.webhook-secrets "
                    + "(default: $SHOPSTREAM_WEBHOOK_SECRET)")
    private String webhookSecret;

    @Override
    public Integer call() throws Exception {
        PrintStream out = out();
        SignedPayments edge = paymentsUrl == null ? null : new SignedPayments(paymentsUrl, webhookSecret);
        List<ScenarioEvent> events = (file == null ? ShopScenario.shop() : ShopScenario.load(file)).events();
        Map<String, List<String>> inputs = new LinkedHashMap<>();
        settleGroups.forEach(group -> inputs.put(group, SERVICE_INPUTS.getOrDefault(group, List.of())));
        ProgressBar bar = new ProgressBar(out, events.size());
        Instant started = Instant.now();
        try (KafkaProducer<String, String> producer = Producers.producer(servers(), false);
             Admin admin = Admin.create(Producers.admin(servers()))) {
            ConsumerLag lag = new ConsumerLag(admin, inputs);
            int sent = 0;
            for (ScenarioEvent event : events) {
                String topic = event.isOrder() ? ordersTopic : paymentsTopic;
                if (edge != null && !event.isOrder()) {
                    // payments-service writes it to payments-raw, keyed by payment id
                    var answer = edge.post(event.json());
                    topic = "POST /payments " + answer.statusCode();
                    if (answer.statusCode() != 202) {
                        out.printf("seq %d: payments-service answered %d: %s%n", event.seq(), answer.statusCode(),
                                answer.body());
                    }
                } else {
                    producer.send(new ProducerRecord<>(topic, event.key(), event.json())).get(30, TimeUnit.SECONDS);
                }
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
