package com.shopstream.common.boot;

import com.shopstream.common.progress.LookupNote;
import com.shopstream.common.progress.PartitionReport;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.progress.QueryReport;
import com.shopstream.common.progress.StoreSize;
import com.shopstream.eventtime.LateCause;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The progress figures as Micrometer meters, {@code shopstream.*}: per query input rows, late rows by cause, refused
 * windows, newest event time, watermark, its lag behind the wall clock and behind the newest event time; per input
 * partition its watermark and state; dead letters per source topic and stage; rows and bytes per state store.
 * Queries and dead-letter series appear as they are first seen, partitions with each progress report.
 */
public final class ProgressMeters implements MeterBinder {

    private final ProgressRegistry progress;
    private final Clock clock;
    private final Set<String> storeNames;

    public ProgressMeters(ProgressRegistry progress, Clock clock, Set<String> storeNames) {
        this.progress = progress;
        this.clock = clock;
        this.storeNames = storeNames;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        progress.onQuery(query -> bindQuery(registry, query));
        progress.onInput((query, topic) -> bindInput(registry, query, topic));
        bindPartitions(registry);
        progress.onMisplaced(partition -> FunctionCounter
                .builder("shopstream.input.misplaced", progress, p -> p.misplacedRows(partition))
                .description("Records in a partition other than Kafka's default partitioner (murmur2 of the key) "
                        + "would choose: their producer uses another partitioner")
                .tag("partition", partition.toString())
                .register(registry));
        progress.onDeadLetterSeries(series -> FunctionCounter
                .builder("shopstream.dead.letters", progress, p -> p.deadLetters(series))
                .description("Records sent to the dead-letter topic")
                .tag("topic", series.sourceTopic())
                .tag("stage", series.stage())
                .register(registry));
        for (String store : storeNames) {
            storeGauge(registry, "shopstream.state.rows", "Rows in the state store (RocksDB estimate)", store,
                    StoreSize::rows);
            storeGauge(registry, "shopstream.state.bytes", "Estimated bytes of the state store", store,
                    StoreSize::estimatedBytes);
        }
    }

    private void bindQuery(MeterRegistry registry, QueryProgress query) {
        String name = query.name();
        FunctionCounter.builder("shopstream.input.rows", query, QueryProgress::inputRows)
                .description("Records that reached the query's event-time step").tag("query", name).register(registry);
        for (LateCause cause : LateCause.values()) {
            FunctionCounter.builder("shopstream.late.rows", query, q -> q.lateRows(cause))
                    .description("Records refused by every window (sent to the late topic), by cause")
                    .tag("query", name).tag("cause", cause.label()).register(registry);
        }
        FunctionCounter.builder("shopstream.late.refusals", query, QueryProgress::refusedWindows)
                .description("Window refusals (a hopping window record can be refused by some windows)")
                .tag("query", name).register(registry);
        FunctionCounter.builder("shopstream.duplicates.dropped", query, QueryProgress::duplicates)
                .description("Records dropped as duplicates").tag("query", name).register(registry);
        FunctionCounter.builder("shopstream.finals.revised", query, QueryProgress::revisedFinals)
                .description("Final rows written again with an allowed lateness (revision 2 or later)")
                .tag("query", name).register(registry);
        for (LookupNote note : LookupNote.values()) {
            FunctionCounter.builder("shopstream.lookup.notes", query, q -> q.lookupNotes(note))
                    .description("What a lookup by event time noted: orders without a customer version, versions "
                            + "that count later than their valid_from").tag("query", name).tag("note", note.label())
                    .register(registry);
        }
        Gauge.builder("shopstream.event.time.max", query, q -> seconds(q.newestEventTime()))
                .description("Newest event time seen (epoch seconds)").baseUnit("seconds").tag("query", name)
                .register(registry);
        Gauge.builder("shopstream.watermark", query, q -> seconds(q.watermark()))
                .description("Watermark: newest event time minus the delay (epoch seconds)").baseUnit("seconds")
                .tag("query", name).register(registry);
        Gauge.builder("shopstream.watermark.lag", query, q -> q.watermark().isPresent()
                        ? (clock.millis() - q.watermark().getAsLong()) / 1000.0 : Double.NaN)
                .description("Wall clock minus watermark").baseUnit("seconds").tag("query", name)
                .register(registry);
        Gauge.builder("shopstream.watermark.event.lag", query, q -> q.watermark().isPresent()
                        && q.newestEventTime().isPresent()
                        ? (q.newestEventTime().getAsLong() - q.watermark().getAsLong()) / 1000.0 : Double.NaN)
                .description("Newest event time of any input partition minus the query's watermark")
                .baseUnit("seconds").tag("query", name).register(registry);
    }

    /**
     * How far behind their partition's newest event time an input's records came over the advice horizon: quantiles
     * (which are also the delays that would have kept that share), the maximum, and the share the query's own delay
     * for the input kept. Read from the service's own histogram at each scrape, not recorded per record again.
     */
    private void bindInput(MeterRegistry registry, QueryProgress query, String topic) {
        for (double quantile : new double[] {0.5, 0.99, 0.999}) {
            Gauge.builder("shopstream.input.out.of.order", query, q -> q.outOfOrder(topic, clock.millis())
                            .histogram().delayKeeping(quantile) / 1000.0)
                    .description("How far behind its partition's newest event time a record came, over the advice "
                            + "horizon: the quantile, which is also the delay that keeps that share")
                    .baseUnit("seconds").tag("query", query.name()).tag("input", topic)
                    .tag("quantile", Double.toString(quantile)).register(registry);
        }
        Gauge.builder("shopstream.input.out.of.order.max", query, q -> q.outOfOrder(topic, clock.millis())
                        .histogram().max() / 1000.0)
                .description("The furthest behind its partition's newest event time a record came, over the advice "
                        + "horizon: the delay that keeps every record")
                .baseUnit("seconds").tag("query", query.name()).tag("input", topic).register(registry);
        Gauge.builder("shopstream.delay.kept.share", query, q -> q.delayAdvice(topic, clock.millis()).currentKeeps())
                .description("The share of the input's records over the advice horizon that the query's delay kept "
                        + "(no more than the delay behind their partition's newest event time)")
                .tag("query", query.name()).tag("input", topic).register(registry);
    }

    /** Input partitions come and go with assignments: their gauges are rewritten from each progress report. */
    private void bindPartitions(MeterRegistry registry) {
        MultiGauge watermarks = MultiGauge.builder("shopstream.partition.watermark")
                .description("An input partition's watermark: its newest event time minus its input's delay")
                .baseUnit("seconds").register(registry);
        MultiGauge states = MultiGauge.builder("shopstream.partition.state")
                .description("1 for an input partition's state (active, idle or awaited), 0 for the others")
                .register(registry);
        progress.onReport(report -> {
            List<MultiGauge.Row<?>> watermarkRows = new ArrayList<>();
            List<MultiGauge.Row<?>> stateRows = new ArrayList<>();
            for (QueryReport query : report.queries()) {
                for (PartitionReport partition : query.inputPartitions()) {
                    Tags tags = Tags.of("query", query.name(), "partition", partition.partition());
                    if (partition.watermark() != null) {
                        watermarkRows.add(MultiGauge.Row.of(tags, partition.watermark().toEpochMilli() / 1000.0));
                    }
                    for (String state : List.of("active", "idle", "awaited")) {
                        stateRows.add(MultiGauge.Row.of(tags.and("state", state),
                                state.equals(partition.state()) ? 1 : 0));
                    }
                }
            }
            watermarks.register(watermarkRows, true);
            states.register(stateRows, true);
        });
    }

    private void storeGauge(MeterRegistry registry, String meter, String description, String store,
                            ToDoubleFunction<StoreSize> value) {
        Gauge.builder(meter, progress, p -> sizeOf(p.storeSizes(), store, value))
                .description(description).tag("store", store).register(registry);
    }

    private static double sizeOf(List<StoreSize> sizes, String store, ToDoubleFunction<StoreSize> value) {
        return sizes.stream().filter(s -> s.name().equals(store)).findFirst()
                .map(s -> {
                    double v = value.applyAsDouble(s);
                    return v < 0 ? Double.NaN : v;
                })
                .orElse(Double.NaN);
    }

    private static double seconds(java.util.OptionalLong millis) {
        return millis.isPresent() ? millis.getAsLong() / 1000.0 : Double.NaN;
    }
}
