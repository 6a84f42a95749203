package com.shopstream.common.testing;

import com.shopstream.common.model.Order;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.InputStreams;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.FrontierStep;
import com.shopstream.common.watermark.SourceStep;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.QueryLateness;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;

/**
 * Harnesses for testing common's event-time steps on their own, not a service: orders in, the steps, and what comes
 * out of them as text on {@link #SIGNALS} ({@code event 3 from orders-0 after 10:00:30}, {@code advance 10:07:00},
 * {@code report orders-1 of 3 at 10:00:00 idle}) and the admitted orders on {@link #ADMITTED}. Services test their
 * own topologies; this only gives the library steps a source and sinks.
 */
public final class TimedOrdersFixture {

    public static final String INPUT = "orders";
    /** The fixture's stand-in for a repartition topic: events and reports piped by hand, in {@link TimedSerde}. */
    public static final String TIMED_INPUT = "timed-orders";
    public static final String ADMITTED = "admitted-orders";
    public static final String SIGNALS = "signals";
    public static final String LATE = "fixture-late";

    private TimedOrdersFixture() {
    }

    /** orders ─ source step (its operator in the same task) ─ admitted orders, signals. */
    public static Topology local(StreamsBuilder builder, ShopTopics topics, List<QueryLateness> queries) {
        KStream<String, Timed<Order>> timed = source(builder, topics, queries, SourceStep.Mode.LOCAL);
        out(timed, topics);
        return builder.build();
    }

    /** orders ─ source step ─ repartition ─ frontier tracker [─ event-time order] ─ admitted orders, signals. */
    public static Topology repartitioned(StreamsBuilder builder, ShopTopics topics, List<QueryLateness> queries,
                                         boolean ordered) {
        KStream<String, Timed<Order>> timed = source(builder, topics, queries, SourceStep.Mode.REPORTS);
        KStream<String, Timed<Order>> repartitioned = EventTimeSteps.repartition(timed, "orders-by-customer",
                order -> Long.toString(order.customerId()), Order.class, null);
        out(behindRepartition(repartitioned, queries, ordered), topics);
        return builder.build();
    }

    /**
     * orders ─ source step that leaves the lateness of {@link #INPUT} to its operator ({@link
     * SourceStep#judgedByOperator()}) ─ admitted orders, signals: every order goes on, none to {@link #LATE}.
     */
    public static Topology judgedByOperator(StreamsBuilder builder, ShopTopics topics, QueryLateness query) {
        KStream<String, Order> orders = InputStreams.keyedByOrder(builder, topics.orders(INPUT), "orders-source");
        out(EventTimeSteps.source(orders, new SourceStep("orders", List.of(INPUT), List.of(query),
                SourceStep.Mode.REPORTS, Set.of(), Set.of(INPUT)), topics.orders(LATE)), topics);
        return builder.build();
    }

    /** {@link #TIMED_INPUT} (events and reports, as a repartition topic holds them) ─ tracker [─ order] ─ signals. */
    public static Topology tracker(StreamsBuilder builder, ShopTopics topics, List<QueryLateness> queries,
                                   boolean ordered) {
        KStream<String, Timed<Order>> input = builder.stream(TIMED_INPUT,
                Consumed.with(Serdes.String(), new TimedSerde<>(Order.class)).withName("timed-source"));
        out(behindRepartition(input, queries, ordered), topics);
        return builder.build();
    }

    private static KStream<String, Timed<Order>> source(StreamsBuilder builder, ShopTopics topics,
                                                        List<QueryLateness> queries, SourceStep.Mode mode) {
        KStream<String, Order> orders = InputStreams.keyedByOrder(builder, topics.orders(INPUT), "orders-source");
        return EventTimeSteps.source(orders, new SourceStep("orders", List.of(INPUT), queries, mode),
                topics.orders(LATE));
    }

    private static KStream<String, Timed<Order>> behindRepartition(KStream<String, Timed<Order>> input,
                                                                   List<QueryLateness> queries, boolean ordered) {
        FrontierStep step = new FrontierStep("orders-by-customer", List.of(INPUT), queries);
        KStream<String, Timed<Order>> tracked = EventTimeSteps.track(input, step);
        return ordered ? EventTimeSteps.inEventTimeOrder(tracked, step, Order.class, StateStoreKind.IN_MEMORY)
                : tracked;
    }

    private static void out(KStream<String, Timed<Order>> timed, ShopTopics topics) {
        timed.mapValues(TimedOrdersFixture::describe, Named.as("describe"))
                .to(SIGNALS, Produced.with(Serdes.String(), Serdes.String()).withName("signals-sink"));
        timed.filter((key, value) -> value instanceof Timed.Event<Order>, Named.as("events"))
                .mapValues(value -> ((Timed.Event<Order>) value).event(), Named.as("admitted"))
                .to(ADMITTED, topics.orders(ADMITTED).producedAs("admitted-sink"));
    }

    /** One signal as text; times of day in UTC, as the tests write them. */
    public static String describe(Timed<Order> timed) {
        if (timed instanceof Timed.Event<Order> event) {
            return "event " + event.event().orderId() + " from " + event.source() + " after "
                    + time(event.newestBefore());
        }
        if (timed instanceof Timed.Advance<Order> advance) {
            return "advance " + time(advance.frontier());
        }
        if (timed instanceof Timed.Report<Order> report) {
            return "report " + report.source() + " of " + report.partitionCount() + " at " + time(report.newest())
                    + (report.idle() ? " idle" : "");
        }
        return timed.toString();
    }

    private static String time(long millis) {
        if (millis == Long.MIN_VALUE) {
            return "none";
        }
        String iso = Instant.ofEpochMilli(millis).toString();
        return iso.substring(iso.indexOf('T') + 1, iso.length() - 1);
    }
}
