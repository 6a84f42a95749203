package com.shopstream.common.progress;

import com.shopstream.common.streams.SharedObjects;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.OutOfOrderWindow;
import com.shopstream.eventtime.QueryLateness;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The progress of one service, Spark's {@code lastProgress} for Kafka Streams: per query the rows since the last
 * report, their event times and the watermark, late rows and dead letters, and the size of every state store.
 * Plain Java and thread-safe: stream threads record, the actuator endpoint and Micrometer read.
 */
public final class ProgressRegistry {

    /** The streams configuration's key of the service's registry (processors read their queries' figures there). */
    public static final String CONFIG_KEY = "shopstream.progress";

    private final String serviceName;
    private final Duration adviceHorizon;
    private final Map<String, QueryProgress> queries = new ConcurrentHashMap<>();
    /** Per source step and input partition: shared by the step's queries (one record, one count), kept past its task. */
    private final Map<String, OutOfOrderWindow> outOfOrder = new ConcurrentHashMap<>();
    private final List<BiConsumer<QueryProgress, String>> inputListeners = new CopyOnWriteArrayList<>();
    private final Map<DeadLetterSeries, LongAdder> deadLetters = new ConcurrentHashMap<>();
    private final Map<InputPartition, LongAdder> misplaced = new ConcurrentHashMap<>();
    private final List<Consumer<InputPartition>> misplacedListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<QueryProgress>> queryListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<DeadLetterSeries>> deadLetterListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<ProgressReport>> reportListeners = new CopyOnWriteArrayList<>();
    private volatile Supplier<List<StoreSize>> storeSizes = List::of;

    private final Object reportLock = new Object();
    private Instant lastReportAt;
    private final Map<String, Counts> lastCounts = new HashMap<>();
    private volatile ProgressReport lastReport;

    /** @param adviceHorizon how far back the out-of-orderness figures go ({@code shopstream.watermark.*}) */
    public ProgressRegistry(String serviceName, Duration adviceHorizon) {
        this.serviceName = Objects.requireNonNull(serviceName, "serviceName");
        this.adviceHorizon = Objects.requireNonNull(adviceHorizon, "adviceHorizon");
    }

    public Duration adviceHorizon() {
        return adviceHorizon;
    }

    /**
     * The out-of-orderness figures of {@code partition} as source step {@code step} reads it, attached to each of the
     * step's queries with the share their own delay for its input keeps. One per partition: the stream thread that
     * reads it is the only one that records; a task that moves away and comes back finds its figures again.
     */
    public OutOfOrderWindow outOfOrder(String step, InputPartition partition, List<QueryProgress> stepQueries) {
        String topic = partition.topic();
        OutOfOrderWindow window = outOfOrder.computeIfAbsent(step + " " + partition, key -> new OutOfOrderWindow(
                adviceHorizon, watched(stepQueries, topic)));
        for (QueryProgress query : stepQueries) {
            if (query.attachOutOfOrder(partition, window, watched(stepQueries, topic))) {
                inputListeners.forEach(listener -> listener.accept(query, topic));
            }
        }
        return window;
    }

    private static List<Duration> watched(List<QueryProgress> stepQueries, String topic) {
        return stepQueries.stream().map(query -> query.delayOf(topic)).toList();
    }

    /** Registers a callback for each input a query gets out-of-orderness figures for, and calls it for those it has. */
    public void onInput(BiConsumer<QueryProgress, String> listener) {
        inputListeners.add(listener);
        queries.values().forEach(query -> query.outOfOrderInputs().forEach(topic -> listener.accept(query, topic)));
    }

    /** The delay advice of every input of every query, from the figures of the horizon before {@code now}. */
    public DelayAdviceReport delayAdvice(Instant now) {
        List<DelayAdviceReport.Query> out = new ArrayList<>();
        for (QueryProgress query : queries()) {
            List<DelayAdviceReport.Input> inputs = new ArrayList<>();
            for (String topic : query.outOfOrderInputs()) {
                inputs.add(DelayAdviceReport.Input.of(topic, query.delayAdvice(topic, now.toEpochMilli())));
            }
            if (!inputs.isEmpty()) {
                out.add(new DelayAdviceReport.Query(query.name(), inputs));
            }
        }
        return new DelayAdviceReport(serviceName, now, adviceHorizon.toMillis() / 1000.0, out);
    }

    public String serviceName() {
        return serviceName;
    }

    /** The service's registry, from the streams configuration of a handler or processor. */
    public static ProgressRegistry from(Map<String, ?> streamsConfigs) {
        return SharedObjects.get(streamsConfigs, CONFIG_KEY, ProgressRegistry.class);
    }

    /** The progress of {@code query} in the service a processor runs in, for the processor's own figures. */
    public static QueryProgress queryOf(Map<String, ?> streamsConfigs, QueryLateness query) {
        return from(streamsConfigs).query(query, List.of());
    }

    /**
     * The progress of a query, registered by the first event-time step that runs it. Several steps and tasks of one
     * query share it; the delays must agree, and the source topics of each step are the query's.
     */
    public QueryProgress query(QueryLateness query, List<String> sourceTopics) {
        return query(query.query(), query.delay(), query.inputDelays(), sourceTopics);
    }

    /** {@link #query(QueryLateness, List)} of a query with one delay for every input. */
    public QueryProgress query(String name, Duration delay, List<String> sourceTopics) {
        return query(name, delay, Map.of(), sourceTopics);
    }

    private QueryProgress query(String name, Duration delay, Map<String, Duration> inputDelays,
                                List<String> sourceTopics) {
        QueryProgress query = queries.computeIfAbsent(name, n -> {
            QueryProgress created = new QueryProgress(n, delay, inputDelays);
            queryListeners.forEach(listener -> listener.accept(created));
            return created;
        });
        query.addSourceTopics(sourceTopics);
        if (!query.delay().equals(delay) || !query.inputDelays().equals(inputDelays)) {
            throw new IllegalStateException("query " + name + " registered twice with different delays: "
                    + query.delay() + " " + query.inputDelays() + " and " + delay + " " + inputDelays);
        }
        return query;
    }

    public List<QueryProgress> queries() {
        return queries.values().stream().sorted(Comparator.comparing(QueryProgress::name)).toList();
    }

    public void deadLetter(String sourceTopic, String stage) {
        DeadLetterSeries series = new DeadLetterSeries(sourceTopic == null ? "unknown" : sourceTopic, stage);
        deadLetters.computeIfAbsent(series, s -> {
            deadLetterListeners.forEach(listener -> listener.accept(s));
            return new LongAdder();
        }).increment();
    }

    public long deadLetters(DeadLetterSeries series) {
        LongAdder count = deadLetters.get(series);
        return count == null ? 0 : count.sum();
    }

    public long deadLetters() {
        return deadLetters.values().stream().mapToLong(LongAdder::sum).sum();
    }

    public long deadLettersFrom(List<String> topics) {
        return deadLetters.entrySet().stream()
                .filter(e -> topics.contains(e.getKey().sourceTopic()))
                .mapToLong(e -> e.getValue().sum())
                .sum();
    }

    /**
     * A record read from {@code partition} that Kafka's default partitioner (murmur2 of its key) would have put in
     * another partition: its producer uses another partitioner.
     *
     * @return whether it is the first of its partition (worth a log line)
     */
    public boolean misplaced(InputPartition partition) {
        boolean[] first = new boolean[1];
        misplaced.computeIfAbsent(partition, p -> {
            first[0] = true;
            misplacedListeners.forEach(listener -> listener.accept(p));
            return new LongAdder();
        }).increment();
        return first[0];
    }

    /** Misplaced records read from {@code partition} so far. */
    public long misplacedRows(InputPartition partition) {
        LongAdder count = misplaced.get(partition);
        return count == null ? 0 : count.sum();
    }

    /** Registers a callback for each input partition with a first misplaced record, and for those seen already. */
    public void onMisplaced(Consumer<InputPartition> listener) {
        misplacedListeners.add(listener);
        misplaced.keySet().forEach(listener);
    }

    /** Registers a callback for each new query, and calls it for the queries that exist already. */
    public void onQuery(Consumer<QueryProgress> listener) {
        queryListeners.add(listener);
        queries.values().forEach(listener);
    }

    public void onDeadLetterSeries(Consumer<DeadLetterSeries> listener) {
        deadLetterListeners.add(listener);
        deadLetters.keySet().forEach(listener);
    }

    /** Registers a callback for every report closed from now on. */
    public void onReport(Consumer<ProgressReport> listener) {
        reportListeners.add(listener);
    }

    /** Where the sizes of the state stores come from (the running Kafka Streams instance). */
    public void storeSizes(Supplier<List<StoreSize>> source) {
        this.storeSizes = Objects.requireNonNull(source);
    }

    public List<StoreSize> storeSizes() {
        return storeSizes.get();
    }

    /** Closes the current interval: what happened since the previous report. */
    public ProgressReport report(Instant now) {
        synchronized (reportLock) {
            Duration interval = lastReportAt == null ? null : Duration.between(lastReportAt, now);
            List<QueryReport> queryReports = new ArrayList<>();
            for (QueryProgress query : queries()) {
                Counts previous = lastCounts.getOrDefault(query.name(), Counts.ZERO);
                Counts counts = new Counts(query.inputRows(), query.lateRows(),
                        deadLettersFrom(query.sourceTopics()), lateByCause(query));
                long rows = counts.input() - previous.input();
                QueryProgress.IntervalEventTimes times = query.drainInterval(rows);
                queryReports.add(queryReport(query, interval, rows, times, counts, previous));
                lastCounts.put(query.name(), counts);
            }
            Map<String, Long> deadLettersByTopic = new TreeMap<>();
            deadLetters.forEach((series, count) -> deadLettersByTopic.merge(series.sourceTopic(), count.sum(), Long::sum));
            Map<String, Long> misplacedByPartition = new TreeMap<>();
            misplaced.forEach((partition, count) -> misplacedByPartition.put(partition.toString(), count.sum()));
            ProgressReport report = new ProgressReport(serviceName, now, interval, queryReports,
                    deadLettersByTopic, misplacedByPartition, storeSizes.get());
            lastReportAt = now;
            lastReport = report;
            reportListeners.forEach(listener -> listener.accept(report));
            return report;
        }
    }

    /** The last report made, or a first one now. */
    public ProgressReport lastReport(Supplier<Instant> now) {
        ProgressReport report = lastReport;
        return report != null ? report : report(now.get());
    }

    private QueryReport queryReport(QueryProgress query, Duration interval, long rows,
                                    QueryProgress.IntervalEventTimes times, Counts counts, Counts previous) {
        OptionalLong watermark = query.watermark();
        OptionalLong newest = query.newestEventTime();
        Map<String, Long> lateByCause = new TreeMap<>();
        counts.lateByCause().forEach((cause, total) ->
                lateByCause.put(cause, total - previous.lateByCause().getOrDefault(cause, 0L)));
        return new QueryReport(
                query.name(),
                rows,
                interval == null || interval.isZero() ? null : rows * 1000.0 / interval.toMillis(),
                new EventTimeReport(
                        times.isEmpty() ? null : Instant.ofEpochMilli(times.min()),
                        times.isEmpty() ? null : Instant.ofEpochMilli(times.max()),
                        times.isEmpty() ? null : Instant.ofEpochMilli(times.avg()),
                        instant(watermark),
                        instant(newest),
                        watermark.isPresent() && newest.isPresent()
                                ? (newest.getAsLong() - watermark.getAsLong()) / 1000.0 : null),
                counts.late() - previous.late(),
                lateByCause,
                counts.deadLetters() - previous.deadLetters(),
                new QueryTotals(counts.input(), counts.late(), query.refusedWindows(), counts.deadLetters(),
                        query.duplicates(), query.revisedFinals(), lookupNotes(query)),
                watermarks(query),
                partitions(query));
    }

    private static Map<String, Long> lookupNotes(QueryProgress query) {
        Map<String, Long> out = new TreeMap<>();
        for (LookupNote note : LookupNote.values()) {
            long count = query.lookupNotes(note);   // a sum over the adder's cells: read once
            if (count > 0) {
                out.put(note.label(), count);
            }
        }
        return out;
    }

    private static Map<String, Long> lateByCause(QueryProgress query) {
        Map<String, Long> out = new TreeMap<>();
        for (LateCause cause : LateCause.values()) {
            out.put(cause.label(), query.lateRows(cause));
        }
        return out;
    }

    private static List<PartitionReport> partitions(QueryProgress query) {
        Set<InputPartition> readHere = query.partitionsReadHere();
        List<PartitionReport> out = new ArrayList<>();
        query.partitions().forEach((partition, state) -> {
            long watermark = query.watermarkOf(partition, state);
            out.add(new PartitionReport(partition.toString(),
                    watermark == InputClocks.NONE ? null : Instant.ofEpochMilli(watermark),
                    query.delayOf(partition.topic()).toMillis() / 1000.0,
                    state.status().name().toLowerCase(Locale.ROOT), readHere.contains(partition)));
        });
        return out;
    }

    private static Instant instant(OptionalLong millis) {
        return millis.isPresent() ? Instant.ofEpochMilli(millis.getAsLong()) : null;
    }

    private static Map<String, Instant> watermarks(QueryProgress query) {
        Map<String, Instant> out = new TreeMap<>();
        query.watermarkByTask().forEach((task, watermark) -> out.put(task, Instant.ofEpochMilli(watermark)));
        return out;
    }

    /** Running totals of a query at one report: input rows, late rows (and by cause), dead letters. */
    private record Counts(long input, long late, long deadLetters, Map<String, Long> lateByCause) {
        static final Counts ZERO = new Counts(0, 0, 0, Map.of());
    }

    /** Dead letters from one source topic at one step of the record life cycle ({@code deserialization}, ...). */
    public record DeadLetterSeries(String sourceTopic, String stage) {
    }
}
