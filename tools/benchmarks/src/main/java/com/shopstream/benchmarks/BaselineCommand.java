package com.shopstream.benchmarks;

import com.shopstream.benchmarks.baseline.BaselineApp;
import com.shopstream.benchmarks.baseline.BaselineTopics;
import com.shopstream.benchmarks.baseline.PlainQuery;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.TypeConversionException;

/** {@code baseline}: one plain Kafka Streams baseline ({@link BaselineApp}), as the suite starts it, until stopped. */
@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = "Runs one plain Kafka Streams baseline until stopped (started by suite).")
final class BaselineCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Option(names = "--query", paramLabel = "window|sessions|join|dedup|payments|read|keep|keep-copy",
            defaultValue = "window", converter = QueryConverter.class,
            description = "which baseline (default: ${DEFAULT-VALUE})")
    private PlainQuery query;

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:9092",
            description = "the Kafka broker (default: ${DEFAULT-VALUE})")
    private String bootstrap;

    @Option(names = "--application-id", paramLabel = "ID", defaultValue = "plain-streams",
            description = "Kafka Streams' application id (default: ${DEFAULT-VALUE})")
    private String applicationId;

    @Option(names = "--state-dir", paramLabel = "DIR", defaultValue = "/tmp/plain-streams",
            description = "Kafka Streams' state directory (default: ${DEFAULT-VALUE})")
    private String stateDir;

    @Option(names = "--orders-topic", paramLabel = "TOPIC", defaultValue = "orders",
            description = "the orders (default: ${DEFAULT-VALUE})")
    private String ordersTopic;

    @Option(names = "--payments-topic", paramLabel = "TOPIC", defaultValue = "payments",
            description = "the payments keyed by order id (default: ${DEFAULT-VALUE})")
    private String paymentsTopic;

    @Option(names = "--payments-raw-topic", paramLabel = "TOPIC", defaultValue = "payments-raw",
            description = "the payments as posted (default: ${DEFAULT-VALUE})")
    private String paymentsRawTopic;

    @Option(names = "--output-prefix", paramLabel = "PREFIX", defaultValue = "plain-",
            description = "what the output topics' names start with (default: ${DEFAULT-VALUE})")
    private String outputPrefix;

    @Option(names = "--streams-properties", paramLabel = "KEY=VALUE,...|none", defaultValue = "none",
            description = "Kafka Streams settings (default: ${DEFAULT-VALUE})")
    private String streamsProperties;

    @Override
    public Integer call() throws Exception {
        BaselineApp.run(query, new BaselineTopics(ordersTopic, paymentsTopic, paymentsRawTopic, outputPrefix),
                bootstrap, applicationId, stateDir, Benchmarks.streamsProperties(streamsProperties), benchmarks.out());
        return 0;
    }

    /** {@code window}, {@code sessions}, ...: {@link PlainQuery#option()}. */
    static final class QueryConverter implements ITypeConverter<PlainQuery> {

        @Override
        public PlainQuery convert(String value) {
            try {
                return PlainQuery.of(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
