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

/**
 * {@code verify}: reads every output topic a checkpoint of {@code shop-expected.json} names and prints it next to what
 * the contract expects; exits 0 only if every topic agrees.
 */
final class VerifyCommand {

    private VerifyCommand() {
    }

    static int run(CommandLine args, PrintStream out) {
        String bootstrap = args.text("bootstrap", "127.0.0.1:9092");
        String expectedOption = args.text("expected", "");
        // without --expected: the shop scenario's expectations this jar carries
        String expectedName = expectedOption.isEmpty() ? ScenarioFiles.SHOP_EXPECTED
                : Path.of(expectedOption).getFileName().toString();
        long afterSeq = args.number("checkpoint", -1);
        Duration timeout = args.duration("timeout", Duration.ofSeconds(30));
        args.rejectUnknown();

        List<Checkpoint> checkpoints = (expectedOption.isEmpty() ? ShopExpectations.shop()
                : ShopExpectations.load(Path.of(expectedOption))).checkpoints();
        Checkpoint checkpoint = afterSeq < 0 ? checkpoints.get(checkpoints.size() - 1)
                : checkpoints.stream().filter(c -> c.afterSeq() == afterSeq).findFirst().orElseThrow(() ->
                        new CommandLine.UsageException("no checkpoint after seq " + afterSeq + " in " + expectedName));
        List<TopicCheck> checks = new ArrayList<>();
        try (TopicReader reader = new TopicReader(bootstrap)) {
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
