package com.shopstream.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

class CommandLineTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void readsOptionsFlagsAndPositionals() {
        CommandSpec replay = parse("replay", "file.jsonl", "--settle", "--settle-timeout=250ms",
                "--settle-groups", "orders-service,join-service", "--bootstrap", "kafka:9092",
                "--bootstrap", "kafka:19092");

        assertThat(replay.positionalParameters().get(0).<Path>getValue()).isEqualTo(Path.of("file.jsonl"));
        assertThat(replay.findOption("--settle").<Boolean>getValue()).isTrue();
        assertThat(replay.findOption("--settle-timeout").<Duration>getValue()).isEqualTo(Duration.ofMillis(250));
        assertThat(replay.findOption("--settle-groups").<List<String>>getValue())
                .containsExactly("orders-service", "join-service");
        // the last one wins: a caller (InProcessSuite) appends its broker to any command line
        assertThat(replay.findOption("--bootstrap").<String>getValue()).isEqualTo("kafka:19092");

        GeneratorSettings settings = generate("--orders", "1_000", "--spacing=2h", "--late", "0.5", "--seed=7",
                "--start", "2026-01-22T10:00:00Z", "--customers", "20");
        assertThat(settings.orders()).isEqualTo(1000);
        assertThat(settings.seed()).isEqualTo(7);
        assertThat(settings.spacing()).isEqualTo(Duration.ofHours(2));
        assertThat(settings.lateShare()).isEqualTo(0.5);
        assertThat(settings.start()).isEqualTo(Instant.parse("2026-01-22T10:00:00Z"));
        assertThat(settings.customers()).isEqualTo(20);

        CommandSpec tail = parse("tail", "a", "b", "--from-end", "--for", "PT5M");
        assertThat(tail.positionalParameters().get(0).<List<String>>getValue()).containsExactly("a", "b");
        assertThat(tail.findOption("--from-end").<Boolean>getValue()).isTrue();
        assertThat(tail.findOption("--for").<Duration>getValue()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void theDefaultsAreTheGeneratorsAndTheServices() {
        GeneratorSettings defaults = GeneratorSettings.defaults(42, 10_000);

        assertThat(generate()).usingRecursiveComparison().ignoringFields("start").isEqualTo(defaults);
        assertThat(parse("replay").findOption("--settle-groups").<List<String>>getValue())
                .containsExactlyElementsOf(ReplayCommand.SERVICE_INPUTS.keySet());
        assertThat(parse("replay").findOption("--settle").<Boolean>getValue()).isFalse();
        assertThat(parse("verify").findOption("--bootstrap").<String>getValue()).isEqualTo("127.0.0.1:9092");
    }

    @Test
    void saysWhatIsWrongAndExitsWithTwo() {
        assertUsageError("--late must be between 0 and 1",
                "Invalid value for option '--late': must be between 0 and 1, not 2", "generate", "--late", "2");
        assertUsageError("--outside must be a number",
                "Invalid value for option '--outside': must be a number between 0 and 1, not 'most'",
                "generate", "--outside=most");
        assertUsageError("--spacing must be a duration",
                "Invalid value for option '--spacing': must be a duration such as 30s, 5m or 2h, not 'soon'",
                "generate", "--spacing", "soon");
        assertUsageError("--orders must be a whole number",
                "Invalid value for option '--orders': must be a whole number, not '1k'", "generate", "--orders", "1k");
        assertUsageError("an unknown option", "Unknown options: '--typo', '1'", "generate", "--typo", "1");
        assertUsageError("a flag of another command", "Unknown option: '--settle'", "tail", "orders", "--settle");
        assertUsageError("a missing value", "Missing required parameter for option '--orders'", "generate", "--orders");
        assertUsageError("a second scenario", "Unmatched argument at index 2: 'b.jsonl'",
                "replay", "a.jsonl", "b.jsonl");
        assertUsageError("no topic", "Missing required parameter: 'TOPIC'", "tail");
        assertUsageError("an unknown command", "Unmatched argument at index 0: 'bogus'", "bogus");
        assertUsageError("a checkpoint the scenario has not", "no checkpoint after seq 99999 in shop-expected.json",
                "verify", "--checkpoint", "99999");
        assertUsageError("negative customers", "orders must be >= 0 and customers > 0", "generate", "--customers", "0");
    }

    @Test
    void helpIsPrintedToOutAndExitsWithZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("replay", "generate", "tail", "verify", "dashboards");
        out.reset();

        assertThat(run("generate", "--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("--duplicates=SHARE", "share of orders sent twice (default: 0.10)", "--bootstrap=HOST:PORT");
        out.reset();

        assertThat(run("help", "tail")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--from-end", "TOPIC...");
        assertThat(err.size()).isZero();
    }

    @Test
    void noCommandPrintsTheUsageAndExitsWithTwo() {
        assertThat(run()).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: shop-simulator");
    }

    @Test
    void aFailedCommandExitsWithOne() {
        assertThat(run("replay", "does-not-exist.jsonl")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("shop-simulator replay failed: ");
    }

    private void assertUsageError(String why, String message, String... args) {
        out.reset();
        err.reset();
        assertThat(run(args)).as(why).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).as(why).contains(message).contains("Usage: shop-simulator");
    }

    private int run(String... args) {
        return ShopSimulator.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private GeneratorSettings generate(String... options) {
        String[] args = new String[options.length + 1];
        args[0] = "generate";
        System.arraycopy(options, 0, args, 1, options.length);
        return ((GenerateCommand) parse(args).userObject()).settings();
    }

    private CommandSpec parse(String... args) {
        CommandLine commandLine = ShopSimulator.commandLine(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        ParseResult parsed = commandLine.parseArgs(args);
        return parsed.subcommand().commandSpec();
    }
}
