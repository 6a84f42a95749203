package com.shopstream.benchmarks.baseline;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;

/**
 * The plain Kafka Streams baselines, one per Shopstream service, and the floor under them ({@code read})
 * ({@code benchmarks baseline --query ...}). Each writes to topics named {@code <output prefix><output>}.
 */
public enum PlainQuery {

    /** orders-service's 5-minute tumbling query in append mode: {@link PlainWindowTopology}. */
    WINDOW("orders-per-5m-final"),
    /** session-service's sessions (updates and finals) and streaks: {@link PlainSessionTopology}. */
    SESSIONS("customer-sessions", "customer-sessions-final", "customer-streaks"),
    /** join-service's paid and status rows: {@link PlainJoinTopology}. */
    JOIN("orders-paid", "orders-payment-status"),
    /** dedup-service's (order_id, order_ts) deduplication: {@link PlainDedupTopology}. */
    DEDUP("orders-deduped"),
    /** payments-service's re-keying by order id: {@link PlainPaymentsTopology}. */
    PAYMENTS("payments"),
    /** The floor: the orders read as bytes, nothing parsed, kept or written ({@link PlainReadTopology}). */
    READ,
    /** The stateful queries' write floor: each order kept in a changelogged store ({@link PlainWritesTopology}). */
    KEEP,
    /** The deduplications' write floor: each order kept, then copied out ({@link PlainWritesTopology}). */
    KEEP_COPY("orders-kept-copy");

    private final List<String> outputs;

    PlainQuery(String... outputs) {
        this.outputs = List.of(outputs);
    }

    /** {@code window}, {@code sessions}, ..., {@code keep-copy}: the {@code --query} option. */
    public String option() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static PlainQuery of(String option) {
        for (PlainQuery query : values()) {
            if (query.option().equals(option)) {
                return query;
            }
        }
        throw new IllegalArgumentException("unknown baseline query " + option + " (window, sessions, join, dedup, "
                + "payments, read, keep, keep-copy)");
    }

    /** The topics this baseline writes (they must exist: the benchmark's broker does not create topics). */
    public List<String> outputs(String prefix) {
        return outputs.stream().map(output -> prefix + output).toList();
    }

    /**
     * The topology, built with the application's settings so that
     * {@link StreamsConfig#ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG} is checked when it is built (a
     * {@code StreamsBuilder} made without them only logs a warning for an unnamed store or topic).
     */
    public Topology build(BaselineTopics topics, Properties properties) {
        StreamsBuilder builder = builder(properties);
        List<String> out = outputs(topics.outputPrefix());
        return switch (this) {
            case WINDOW -> PlainWindowTopology.build(builder, topics.orders(), out.get(0));
            case SESSIONS -> PlainSessionTopology.build(builder, topics.orders(), out.get(0), out.get(1), out.get(2));
            case JOIN -> PlainJoinTopology.build(builder, topics.orders(), topics.payments(), out.get(0), out.get(1));
            case DEDUP -> PlainDedupTopology.build(builder, topics.orders(), out.get(0));
            case PAYMENTS -> PlainPaymentsTopology.build(builder, topics.paymentsRaw(), out.get(0));
            case READ -> PlainReadTopology.build(builder, topics.orders());
            case KEEP -> PlainWritesTopology.keep(builder, topics.orders());
            case KEEP_COPY -> PlainWritesTopology.keepAndCopy(builder, topics.orders(), out.get(0));
        };
    }

    static StreamsBuilder builder(Properties properties) {
        return new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
    }
}
