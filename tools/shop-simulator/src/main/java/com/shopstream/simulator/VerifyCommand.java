package com.shopstream.simulator;

import com.shopstream.scenario.ExpectationChecks;
import com.shopstream.scenario.ScenarioFiles;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.TopicCheck;
import com.shopstream.scenario.TopicRow;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code verify}: reads every output topic a checkpoint of {@code shop-expected.json} names and prints it next to what
 * the contract expects; exits 0 only if every topic agrees.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Compares every output topic with a checkpoint of the expected results; exit code 0 only if "
                + "every topic agrees.")
final class VerifyCommand extends SimulatorCommand {

    @Option(names = "--expected", paramLabel = "FILE",
            description = "the expected results (default: the shop scenario's, which this jar carries)")
    private Path expected;

    @Option(names = "--checkpoint", paramLabel = "SEQ", defaultValue = "-1",
            description = "the checkpoint after this seq (default: the last)")
    private long afterSeq;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s",
            description = "how long to wait for each topic to be read to its end (default: ${DEFAULT-VALUE})")
    private Duration timeout;

    @Override
    public Integer call() {
        PrintStream out = out();
        // without --expected: the shop scenario's expectations this jar carries
        String expectedName = expected == null ? ScenarioFiles.SHOP_EXPECTED : expected.getFileName().toString();
        List<Checkpoint> checkpoints = (expected == null ? ShopExpectations.shop()
                : ShopExpectations.load(expected)).checkpoints();
        Checkpoint checkpoint = afterSeq < 0 ? checkpoints.get(checkpoints.size() - 1)
                : checkpoints.stream().filter(c -> c.afterSeq() == afterSeq).findFirst().orElseThrow(() ->
                        usageError("no checkpoint after seq " + afterSeq + " in " + expectedName));
        List<TopicCheck> checks = new ArrayList<>();
        try (TopicReader reader = new TopicReader(servers())) {
            for (String topic : checkpoint.finals().keySet()) {
                checks.add(ExpectationChecks.finalRows(checkpoint, topic, rows(reader, topic, timeout)));
            }
            for (String topic : checkpoint.latest().keySet()) {
                checks.add(ExpectationChecks.latestValues(checkpoint, topic, rows(reader, topic, timeout)));
            }
            for (String topic : checkpoint.late().keySet()) {
                checks.add(ExpectationChecks.lateIds(checkpoint, topic, rows(reader, topic, timeout)));
            }
        }
        out.printf("%nafter seq %d: %s%n%n", checkpoint.afterSeq(), checkpoint.why());
        for (TopicCheck check : checks) {
            out.printf("%s %-32s %-7s expected %2d, found %2d%n", check.agrees() ? "OK  " : "FAIL", check.topic(),
                    check.kind(), check.expected().size(), check.actual().size());
            int lines = Math.max(check.expected().size(), check.actual().size());
            for (int i = 0; i < lines; i++) {
                String expected = i < check.expected().size() ? check.expected().get(i) : "";
                String actual = i < check.actual().size() ? check.actual().get(i) : "";
                out.printf("       %s %s%n", expected.equals(actual) ? " " : "≠", shorten(expected));
                if (!expected.equals(actual)) {
                    out.printf("         got %s%n", shorten(actual));
                }
            }
        }
        long failed = checks.stream().filter(c -> !c.agrees()).count();
        out.printf("%n%s: %d of %d topics agree with %s%n", failed == 0 ? "PASS" : "FAIL", checks.size() - failed,
                checks.size(), expectedName);
        return failed == 0 ? 0 : 1;
    }

    private static List<TopicRow> rows(TopicReader reader, String topic, Duration timeout) {
        return reader.readAll(topic, timeout).stream().map(TopicReader.Row::toTopicRow).toList();
    }

    private static String shorten(String line) {
        return line.length() <= 150 ? line : line.substring(0, 147) + "...";
    }
}
