package com.shopstream.suite;

import com.shopstream.common.testing.StreamsRunningLatch;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.dedup.DedupServiceApplication;
import com.shopstream.join.JoinServiceApplication;
import com.shopstream.localkafka.LocalKafka;
import com.shopstream.localkafka.LocalKafkaOptions;
import com.shopstream.orders.OrdersServiceApplication;
import com.shopstream.payments.PaymentsServiceApplication;
import com.shopstream.session.SessionServiceApplication;
import com.shopstream.simulator.ShopSimulator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * The suite as users run it, in this JVM: a real broker (local-kafka, the contract's topics with a given number of
 * partitions) and the five services, each a Spring application of its own with its configuration file; and the
 * simulator, called as its command line would be.
 */
final class InProcessSuite implements AutoCloseable {

    static final Class<?> ORDERS = OrdersServiceApplication.class;

    /** Each service with the name of its configuration file (they share this JVM's classpath). */
    private static final Map<Class<?>, String> SERVICES = new LinkedHashMap<>();

    static {
        SERVICES.put(OrdersServiceApplication.class, OrdersServiceApplication.CONFIG_NAME);
        SERVICES.put(SessionServiceApplication.class, SessionServiceApplication.CONFIG_NAME);
        SERVICES.put(JoinServiceApplication.class, JoinServiceApplication.CONFIG_NAME);
        SERVICES.put(DedupServiceApplication.class, DedupServiceApplication.CONFIG_NAME);
        SERVICES.put(PaymentsServiceApplication.class, PaymentsServiceApplication.CONFIG_NAME);
    }

    private final LocalKafka kafka;
    private final List<ConfigurableApplicationContext> services = new ArrayList<>();

    private InProcessSuite(LocalKafka kafka) {
        this.kafka = kafka;
    }

    /** @param settings extra {@code --key=value} settings of every service */
    static InProcessSuite start(int partitions, String... settings) throws Exception {
        InProcessSuite suite = new InProcessSuite(LocalKafka.start(LocalKafkaOptions.forTests(
                TestStreams.tempDir("suite-kafka"), partitions)));
        try {
            SERVICES.forEach((service, configName) -> suite.services.add(
                    start(service, configName, suite.bootstrap(), settings)));
            for (ConfigurableApplicationContext service : suite.services) {
                service.getBean(StreamsRunningLatch.class).await(Duration.ofSeconds(120));
            }
            return suite;
        } catch (RuntimeException e) {
            suite.close();
            throw e;
        }
    }

    String bootstrap() {
        return kafka.bootstrapServers();
    }

    /** The HTTP port of a service (actuator included: the services run without a management port of their own). */
    int port(Class<?> service) {
        return services.stream().filter(context -> context.getBeanNamesForType(service).length > 0)
                .findFirst().orElseThrow()
                .getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    /** The HTTP ports of the five services, as {@code 127.0.0.1:port}. */
    List<String> targets() {
        return SERVICES.keySet().stream().map(service -> "127.0.0.1:" + port(service)).toList();
    }

    /** Runs a simulator command against the suite's broker. */
    Outcome simulator(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--bootstrap", bootstrap()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            int code = ShopSimulator.run(all.toArray(String[]::new), print, print);
            return new Outcome(code, out.toString(StandardCharsets.UTF_8));
        }
    }

    record Outcome(int exitCode, String output) {
    }

    @Override
    public void close() {
        services.forEach(ConfigurableApplicationContext::close);
        kafka.close();
    }

    private static ConfigurableApplicationContext start(Class<?> service, String configName, String bootstrap,
                                                        String... settings) {
        String name = service.getSimpleName();
        List<String> args = new ArrayList<>(List.of(
                "--spring.kafka.bootstrap-servers=" + bootstrap,
                "--spring.kafka.streams.state-dir=" + TestStreams.tempDir(name),
                "--server.port=0",
                "--spring.main.banner-mode=off",
                "--logging.level.root=WARN",
                "--logging.level.org.apache.kafka.streams.KafkaStreams=WARN"));
        args.addAll(List.of(settings));
        return new SpringApplicationBuilder(service)
                .properties(configName)
                .initializers(context -> ((GenericApplicationContext) context).registerBean(StreamsRunningLatch.class))
                // as command-line arguments, so that they win over the service's application.yml
                .run(args.toArray(String[]::new));
    }
}
