package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.harness.ServiceProcess;
import com.shopstream.simulator.GeneratorSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Services in JVMs whose wall clocks are wrong (libfaketime: a day ahead, 50 minutes ahead, 50 minutes behind),
 * against a broker on the true clock, fed a stream with records up to two hours ahead of now: no stream thread dies,
 * the dead-letter decisions are those of a run on the true clock, and so are the outputs (the append topics and the
 * late records). Each pod also tells how far off its clock is, in its health details and a WARN. No partition turns
 * idle (the idle timeout is an hour): idleness is the wall clock's by design.
 *
 * <p>Each run is a broker of its own, written to while the services run (so they read records
 * as they arrive, and measure their clock against the records' broker times). The records are the same bytes in
 * every run, and their event times are far enough from what their broker times decide (see {@link #AHEAD_MINUTES})
 * that runs minutes apart decide alike.
 */
class PodClockTest {

    private static final Logger log = LoggerFactory.getLogger(PodClockTest.class);
    private static final JsonMapper JSON = new JsonMapper();
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.MINUTES);
    /** libfaketime, where the Debian package {@code faketime} installs it, or {@code null}. */
    private static final String LIBFAKETIME = libfaketime();

    /**
     * Minutes ahead of now of the records after the stream, in every partition. The first two are read (they are
     * within the skew, 1 h, of their broker times) and move their partitions' clocks to their broker times + the
     * allowance, which closes every window, session and join bound of the stream, so no closing records are needed,
     * and leaves their own open in every run. The others are refused. Both hold for any run within 40 minutes of
     * {@link #NOW}: the stream ends 20 minutes before it, so its last hopping window ends 10 minutes before it, and
     * the watermark the ahead records set (their broker time + the allowance − the delay) passes that end in a run
     * started at {@link #NOW} (with the stream ending 10 minutes before it, a run written within 2 minutes of
     * {@link #NOW} left the last window open, and the next run closed it).
     */
    private static final List<Integer> AHEAD_MINUTES = List.of(50, 55, 100, 110, 120);
    private static final int REFUSED_PER_PARTITION = 3;
    private static final long AHEAD_ORDER_ID = 8_888_000;
    /** libfaketime's offsets ({@code FAKETIME}), and what they are. */
    private static final Map<String, Duration> SKEWS = new LinkedHashMap<>();

    static {
        SKEWS.put("+1d", Duration.ofDays(1));
        SKEWS.put("+50m", Duration.ofMinutes(50));
        SKEWS.put("-50m", Duration.ofMinutes(-50));
    }

    /** 1,500 orders 1 s apart, ending 20 minutes ago, payments for most. */
    private static final ShopStream STREAM = ShopStream.generate(GeneratorSettings.defaults(11, 1_500)
            .withSpacing(Duration.ofSeconds(1)).withStart(NOW.minus(Duration.ofMinutes(45))), 0);
    private static final Map<String, List<Message>> AHEAD = recordsAhead();

    private static Run trueClock;
    private static final Map<String, Run> skewed = new LinkedHashMap<>();

    @BeforeAll
    static void runOnEveryClock() throws Exception {
        assumeTrue(LIBFAKETIME != null, "libfaketime is not installed (Debian package faketime; .ci/run installs it)");
        trueClock = Run.of(null);
        for (String skew : SKEWS.keySet()) {
            skewed.put(skew, Run.of(skew));
        }
    }

    @Test
    void noStreamThreadDiesOnAnyClock() {
        assertThat(trueClock.threadDeaths).as("true clock").isEmpty();
        skewed.forEach((name, run) -> {
            assertThat(run.threadDeaths).as(name + ": stream threads that died").isEmpty();
            assertThat(run.readyAtEnd).as(name + ": alive and ready after the stream")
                    .containsOnlyKeys(SuiteRun.SERVICES.keySet()).doesNotContainValue(false);
        });
    }

    @Test
    void theDeadLetterDecisionsAreTheTrueClocksAndRefuseExactlyTheRecordsTooFarAheadOfTheirBrokerTime() {
        // orders to the four services that read them, payments to payments-service (raw) and join-service
        assertThat(trueClock.deadLetters.values().stream().mapToInt(List::size).sum())
                .isEqualTo(SuiteRun.PARTITIONS * REFUSED_PER_PARTITION * (4 + 1 + 1));
        assertThat(trueClock.deadLetters.values()).allSatisfy(letters -> assertThat(letters)
                .allSatisfy(letter -> assertThat(letter)
                        .contains("is more than PT1H ahead of the record's broker time")));
        skewed.forEach((name, run) -> assertThat(run.deadLetters).as(name).isEqualTo(trueClock.deadLetters));
    }

    @Test
    void theOutputsAreTheTrueClocks() {
        assertThat(trueClock.appendRows.get("orders-per-5m-final")).isNotEmpty();
        assertThat(trueClock.lateRows.get("orders-service-late")).isNotEmpty();
        skewed.forEach((name, run) -> {
            assertThat(difference(trueClock.appendRows, run.appendRows)).as(name + ": append topics").isEmpty();
            assertThat(difference(trueClock.lateRows, run.lateRows)).as(name + ": late records").isEmpty();
        });
    }

    /** The rows of {@code these} that {@code those} has not as often, with their counts. */
    private static List<String> onlyIn(Map<String, Integer> these, Map<String, Integer> those) {
        return these.entrySet().stream().filter(row -> !row.getValue().equals(those.get(row.getKey())))
                .map(row -> row.getValue() + "x " + row.getKey()).sorted().toList();
    }

    /** Per topic, the rows (with their counts) only one of the two runs wrote, a few of each. */
    private static Map<String, String> difference(Map<String, Map<String, Integer>> expected,
                                                  Map<String, Map<String, Integer>> actual) {
        Map<String, String> differences = new TreeMap<>();
        expected.forEach((topic, rows) -> {
            Map<String, Integer> other = actual.getOrDefault(topic, Map.of());
            List<String> onlyExpected = onlyIn(rows, other);
            List<String> onlyActual = onlyIn(other, rows);
            if (!onlyExpected.isEmpty() || !onlyActual.isEmpty()) {
                differences.put(topic, onlyExpected.size() + " rows only on the true clock "
                        + onlyExpected.subList(0, Math.min(3, onlyExpected.size())) + ", " + onlyActual.size()
                        + " only here " + onlyActual.subList(0, Math.min(3, onlyActual.size())));
            }
        });
        return differences;
    }

    @Test
    void everyPodSaysHowFarItsClockIsFromTheBrokers() {
        assertThat(trueClock.offsets).hasSize(SuiteRun.SERVICES.size()).allSatisfy((service, offset) ->
                assertThat(Math.abs(offset)).as(service).isLessThan(Duration.ofSeconds(30).toMillis()));
        skewed.forEach((name, run) -> {
            long expected = SKEWS.get(name).toMillis();
            assertThat(run.offsets).as(name).hasSize(SuiteRun.SERVICES.size()).allSatisfy((service, offset) ->
                    assertThat(offset).as(name + " " + service).isBetween(expected - 30_000, expected + 30_000));
            assertThat(run.warnedOffset).as(name + ": services that logged a WARN naming the offset")
                    .containsOnlyKeys(SuiteRun.SERVICES.keySet()).doesNotContainValue(false);
        });
    }

    /** What one run wrote (per topic) and how its services fared. */
    private record Run(Map<String, Map<String, Integer>> appendRows, Map<String, Map<String, Integer>> lateRows,
                       Map<String, List<String>> deadLetters, Map<String, List<String>> threadDeaths,
                       Map<String, Boolean> readyAtEnd, Map<String, Long> offsets,
                       Map<String, Boolean> warnedOffset) {

        /** Every service on a broker of its own; {@code skew}: libfaketime's offset, {@code null}: the true clock. */
        static Run of(String skew) throws Exception {
            String name = skew == null ? "true" : skew;
            try (SuiteRun run = SuiteRun.start("pod-clock-" + name.replace('+', 'p').replace('-', 'm'))) {
                if (skew != null) {
                    // the JVM's timers run on the true monotonic clock, only the wall clock is off; without the
                    // monotonic fix turned off, libfaketime 0.9.10 ends the JVM's timed waits early and the JVM spins
                    run.servicesWithEnvironment(Map.of("LD_PRELOAD", LIBFAKETIME, "FAKETIME", skew,
                            "FAKETIME_DONT_FAKE_MONOTONIC", "1", "FAKETIME_FORCE_MONOTONIC_FIX", "0"));
                }
                // no partition turns idle: idleness is the wall clock's by design (the idle timeout), and what is
                // compared here is what the records and their broker times decide
                run.startAll(List.of("--shopstream.watermark.idle-timeout=1h"));
                run.load(STREAM);   // written while the services run
                run.awaitDrained(SuiteRun.DRAIN);
                AHEAD.forEach(run.topics::write);   // read by caught-up readers: each moments after its append
                run.awaitDrained(SuiteRun.DRAIN);
                Map<String, Boolean> ready = new LinkedHashMap<>();
                Map<String, Long> offsets = new LinkedHashMap<>();
                Map<String, Boolean> warned = new LinkedHashMap<>();
                Map<String, List<String>> deaths = new LinkedHashMap<>();
                for (String service : SuiteRun.SERVICES.keySet()) {
                    ServiceProcess process = run.instance(service);
                    ready.put(service, process.isAlive() && process.isReady());
                    offsets.put(service, offset(process));
                    warned.put(service, skew == null
                            || logs(process, "This pod's wall clock is .* (ahead of|behind) the brokers' clock"));
                    List<String> lines = Files.readAllLines(process.log());
                    List<String> died = lines.stream().filter(l -> l.contains("Stream thread died")).toList();
                    if (!died.isEmpty()) {
                        deaths.put(service, died);
                    }
                }
                OutputSnapshot outputs = OutputSnapshot.of(run);
                Run result = new Run(outputs.appendRows(), lateRows(outputs), deadLetters(outputs), deaths, ready,
                        offsets, warned);
                log.info("pod clock {}: dead letters {}, late {}, thread deaths {}, measured offsets {}", name,
                        outputs.deadLetterCounts(), outputs.lateCounts(), deaths.keySet(), offsets);
                return result;
            }
        }

        /** Whether the process logs a line matching {@code regex} within 30 s (its checks run every 5 s). */
        private static boolean logs(ServiceProcess process, String regex) {
            try {
                process.awaitLog(regex, Duration.ofSeconds(30));
                return true;
            } catch (AssertionError e) {
                return false;
            }
        }

        /** Per late topic, the multiset of (query, key, value): the watermark in the headers is the clock's reading. */
        private static Map<String, Map<String, Integer>> lateRows(OutputSnapshot outputs) {
            Map<String, Map<String, Integer>> rows = new TreeMap<>();
            outputs.lateRecords().forEach((topic, reads) -> rows.put(topic, reads.stream().collect(Collectors.toMap(
                    r -> r.headers().get("x-late-query") + " " + r.key() + " -> " + r.value(), r -> 1,
                    Integer::sum, TreeMap::new))));
            return rows;
        }

        /** Per dead-letter topic, each letter's source record and reason, without the broker time it names. */
        private static Map<String, List<String>> deadLetters(OutputSnapshot outputs) {
            Map<String, List<String>> letters = new TreeMap<>();
            outputs.deadLetters().forEach((topic, list) -> letters.put(topic, list.stream()
                    .map(d -> d.source() + " " + d.reason().replaceAll("broker time \\S+", "broker time"))
                    .sorted().toList()));
            return letters;
        }

        /** The {@code brokerClock} health detail: how far the pod's wall clock is from the brokers'. */
        private static long offset(ServiceProcess process) {
            var response = process.get("/actuator/health");
            JsonNode offset = response == null ? null
                    : JSON.readTree(response.body()).path("components").path("brokerClock").path("details")
                            .get("wallClockOffsetMs");
            assertThat(offset).as(process.name() + ": the brokerClock health detail wallClockOffsetMs").isNotNull();
            return offset.asLong();
        }
    }

    /**
     * Orders and payments {@link #AHEAD_MINUTES} ahead of now, one of each per partition of their topic and minute
     * count: written after the stream is drained, so that every reader reads them as they arrive (caught up) and
     * measures its clock's offset on them.
     */
    private static Map<String, List<Message>> recordsAhead() {
        Map<String, List<Message>> ahead = new LinkedHashMap<>();
        ShopStream.INPUT_TOPICS.forEach(topic -> ahead.put(topic, new ArrayList<>()));
        List<Long> ids = PartitionKeys.onePerPartition(SuiteRun.PARTITIONS, AHEAD_ORDER_ID, Long::toString);
        for (long partitionKey : ids) {
            for (int minutes : AHEAD_MINUTES) {
                long id = partitionKey + 10_000L * minutes;
                String at = NOW.plus(Duration.ofMinutes(minutes)).toString();
                ahead.get("orders").add(Message.of(Long.toString(partitionKey), "{\"order_id\":"
                        + partitionKey + ",\"customer_id\":" + id + ",\"amount\":1.00,\"order_ts\":\"" + at + "\"}"));
                String payment = "{\"payment_id\":\"pay-ahead-" + id + "\",\"order_id\":" + partitionKey
                        + ",\"amount\":1.00,\"paid_ts\":\"" + at + "\"}";
                ahead.get("payments").add(Message.of(Long.toString(partitionKey), payment));
                ahead.get("payments-raw").add(Message.of(Long.toString(partitionKey), payment));
            }
        }
        return ahead;
    }

    private static String libfaketime() {
        for (String directory : List.of("/usr/lib/x86_64-linux-gnu/faketime", "/usr/lib/aarch64-linux-gnu/faketime",
                "/usr/lib/faketime")) {
            Path library = Path.of(directory, "libfaketime.so.1");
            if (Files.isReadable(library)) {
                return library.toString();
            }
        }
        return null;
    }
}
