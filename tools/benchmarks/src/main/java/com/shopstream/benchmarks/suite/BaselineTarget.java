package com.shopstream.benchmarks.suite;

import com.shopstream.benchmarks.baseline.BaselineApp;
import com.shopstream.benchmarks.baseline.BaselineTopics;
import com.shopstream.benchmarks.baseline.PlainQuery;
import com.shopstream.harness.Await;
import com.shopstream.harness.JavaProcess;
import com.shopstream.harness.Repository;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A plain Kafka Streams baseline ({@code benchmarks.jar baseline --query ...}) as a process started like a service:
 * same JVM options, same input topics, same guarantee. Its final figures come from the status line it prints every
 * second.
 *
 * @param run    its run in {@code --runs} ({@code plain}, {@code plain-sessions}, ...)
 * @param name   its row in the table
 * @param inputs the topics whose committed offsets are its progress (those {@code query} reads)
 * @param sparkRun    the Spark peer's run it is compared with (a write floor's), or null
 * @param outputTopic the topic whose rows are counted beside that run's, or null
 */
record BaselineTarget(String run, String name, PlainQuery query, String group, List<String> inputs,
                      BaselineTopics topics, String bootstrap, Path workDir, List<String> jvmOptions,
                      List<String> streamsProperties, String sparkRun, String outputTopic) implements DrainTarget {

    @Override
    public String baselineRun() {
        return null;
    }

    @Override
    public List<JavaProcess> start() {
        return List.of(new JavaProcess(group, Repository.jar("benchmarks"), jvmOptions, List.of("baseline",
                "--query", query.option(),
                "--bootstrap", bootstrap, "--application-id", group,
                "--state-dir", workDir.resolve("state").resolve(group).toString(),
                "--orders-topic", topics.orders(), "--payments-topic", topics.payments(),
                "--payments-raw-topic", topics.paymentsRaw(), "--output-prefix", topics.outputPrefix(),
                "--streams-properties", streamsProperties.isEmpty() ? "none" : String.join(",", streamsProperties)),
                workDir.resolve("logs").resolve(group + ".log")).start());
    }

    @Override
    public FinalFigures finalFigures(List<JavaProcess> processes) {
        JavaProcess process = processes.get(0);
        int before = statusLines(process.log()).size();
        // two more lines: the second was certainly taken after the drain ended
        Await.until(name() + " to print its status after the drain", Duration.ofSeconds(30),
                () -> statusLines(process.log()).size() >= before + 2);
        List<String> lines = statusLines(process.log());
        return parse(lines.get(lines.size() - 1));
    }

    /** {@code baseline-status dropped=12 state-bytes=3456}. */
    static FinalFigures parse(String status) {
        long dropped = -1;
        long bytes = -1;
        for (String field : status.split(" ")) {
            if (field.startsWith("dropped=")) {
                dropped = Long.parseLong(field.substring("dropped=".length()));
            } else if (field.startsWith("state-bytes=")) {
                bytes = Long.parseLong(field.substring("state-bytes=".length()));
            }
        }
        return new FinalFigures(bytes, dropped);
    }

    private static List<String> statusLines(Path log) {
        try {
            return Files.exists(log) ? Files.readAllLines(log).stream()
                    .filter(l -> l.startsWith(BaselineApp.STATUS)).toList() : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
