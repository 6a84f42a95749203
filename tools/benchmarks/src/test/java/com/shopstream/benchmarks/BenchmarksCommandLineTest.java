package com.shopstream.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.benchmarks.baseline.PlainQuery;
import com.shopstream.benchmarks.suite.SuiteOptions;
import com.shopstream.harness.Repository;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;

class BenchmarksCommandLineTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void readsASuiteCommandLineIntoItsOptions() {
        SuiteOptions options = suite("--orders", "100000", "--seed=7", "--customers", "50000", "--runs",
                "plain,orders,dedup-pairs",
                "--live-rate", "0", "--live-warmup", "5", "--live-seconds", "10", "--bootstrap", "127.0.0.1:19092",
                "--work-dir", "/tmp/bench", "--jvm", "-Xmx1g -XX:+UseParallelGC", "--jfr", "--partitions", "6",
                "--streams-properties", "consumer.max.partition.fetch.bytes=65536,num.stream.threads=2",
                "--instances", "2", "--keep-data", "--both-orders");

        assertThat(options).isEqualTo(new SuiteOptions(100_000, 7, 50_000, List.of("plain", "orders", "dedup-pairs"),
                0,
                Duration.ofSeconds(5), Duration.ofSeconds(10), "127.0.0.1:19092", Path.of("/tmp/bench"),
                List.of("-Xmx1g", "-XX:+UseParallelGC"), true, 6,
                List.of("consumer.max.partition.fetch.bytes=65536", "num.stream.threads=2"), 2, true, 2));
    }

    @Test
    void theSuitesDefaultsAreSuiteOptionsConstants() {
        SuiteOptions options = suite();

        assertThat(options.orders()).isEqualTo(2_000_000);
        assertThat(options.seed()).isEqualTo(42);
        assertThat(options.customers()).isEqualTo(SuiteOptions.DEFAULT_CUSTOMERS);
        assertThat(options.targets()).isEqualTo(SuiteOptions.ALL_TARGETS);
        assertThat(options.liveRate()).isEqualTo(20_000);
        assertThat(options.liveWarmUp()).isEqualTo(Duration.ofSeconds(20));
        assertThat(options.liveDuration()).isEqualTo(Duration.ofSeconds(60));
        assertThat(options.bootstrap()).isNull();
        assertThat(options.workDir().getParent()).isEqualTo(Repository.root().resolve("run").resolve("benchmarks"));
        assertThat(options.workDir().getFileName().toString()).matches("\\d{8}-\\d{6}");
        assertThat(options.jvmOptions()).isEqualTo(List.of(SuiteOptions.DEFAULT_JVM.split(" ")));
        assertThat(options.jfr()).isFalse();
        assertThat(options.partitions()).isEqualTo(3);
        assertThat(options.streamsProperties()).isEmpty();
        assertThat(options.instances()).isEqualTo(1);
        assertThat(options.keepData()).as("the run's data goes at the end").isFalse();
        assertThat(options.rounds()).as("each run once").isEqualTo(1);
        assertThat(suite("--rounds", "3").rounds()).isEqualTo(3);
        assertThat(suite("--streams-properties", "none").streamsProperties()).isEmpty();
    }

    @Test
    void anUnknownOptionExitsWithTwo() {
        assertThat(run("suite", "--ordres", "5")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("benchmarks suite: Unknown options: '--ordres', '5'")
                .contains("Usage: benchmarks suite");
        err.reset();

        assertThat(run("topology", "--store", "rocksdb")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Unknown options: '--store', 'rocksdb'");
        err.reset();

        assertThat(run("suite", "--runs", "plain,bogus")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown run bogus");
        err.reset();

        assertThat(run("bogus")).isEqualTo(2);
        assertThat(run()).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: benchmarks", "consumer-perf");
    }

    @Test
    void expiryHeapPrintsTheHeapPerEntry() {
        assertThat(run("expiry-heap", "--entries", "200000")).isZero();
        assertThat(out.toString()).matches("(?s)200,000 entries: [1-9][0-9,]* bytes of heap, [1-9][0-9]* bytes per "
                + "entry .*");
    }

    @Test
    void aProfileOfAMissingRecordingFails() {
        assertThat(run("profile", "/nonexistent/recording.jfr")).isEqualTo(1);
    }

    @Test
    void helpExitsWithZero() {
        assertThat(run("suite", "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("--jvm=OPTIONS", SuiteOptions.DEFAULT_JVM, "(default: plain,", "spark-dedup)");
    }

    /** As suite.BaselineTarget starts it. */
    @Test
    void readsTheBaselineCommandLineOfTheSuite() {
        CommandSpec baseline = parse("baseline", "--query", "join", "--bootstrap", "127.0.0.1:19092",
                "--application-id", "plain-join-1", "--state-dir", "/tmp/w/state/plain-join-1",
                "--orders-topic", "bench-orders", "--payments-topic", "bench-payments",
                "--payments-raw-topic", "bench-payments-raw", "--output-prefix", "bench-plain-",
                "--streams-properties", "none");

        assertThat(baseline.findOption("--query").<PlainQuery>getValue()).isEqualTo(PlainQuery.JOIN);
        assertThat(baseline.findOption("--output-prefix").<String>getValue()).isEqualTo("bench-plain-");
        assertThat(run("baseline", "--query", "joins")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown baseline query joins");
    }

    /** As suite.CeilingRun starts it; --help and -- included, which are ConsumerPerformance's, not picocli's. */
    @Test
    void handsConsumerPerformanceItsArgumentsUnchanged() {
        List<String> arguments = List.of("--bootstrap-server", "127.0.0.1:19092", "--topic", "bench-orders",
                "--messages", "100", "--group", "consumer-perf-x", "--timeout", "60000",
                "--consumer.config", "/tmp/w/consumer-perf.properties", "--help", "--", "@file", "-V");
        String[] args = new String[arguments.size() + 1];
        args[0] = "consumer-perf";
        for (int i = 0; i < arguments.size(); i++) {
            args[i + 1] = arguments.get(i);
        }

        assertThat(((ConsumerPerfCommand) parse(args).userObject()).arguments()).isEqualTo(arguments);
    }

    private SuiteOptions suite(String... options) {
        String[] args = new String[options.length + 1];
        args[0] = "suite";
        System.arraycopy(options, 0, args, 1, options.length);
        return ((SuiteCommand) parse(args).userObject()).options();
    }

    private CommandSpec parse(String... args) {
        return Benchmarks.commandLine(print(out), print(err)).parseArgs(args).subcommand().commandSpec();
    }

    private int run(String... args) {
        return Benchmarks.run(args, print(out), print(err));
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
