package com.shopstream.benchmarks;

import com.shopstream.benchmarks.profile.FlameGraph;
import com.shopstream.benchmarks.profile.JfrSamples;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code profile}: where a recorded run's CPU samples are, as a flame graph and the methods with the most. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "Adds up the CPU samples of a JFR recording (the suite's --jfr writes one per drain): prints "
                + "the methods with the most samples and writes a flame graph (SVG). JFR samples threads running Java "
                + "code: time in native code (RocksDB's, the sockets') is not in them.")
final class ProfileCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Parameters(paramLabel = "RECORDING.jfr", description = "the recording")
    private Path recording;

    @Option(names = "--threads", paramLabel = "REGEX", defaultValue = ".*",
            description = "only the samples of threads whose name matches (default: every thread)")
    private String threads;

    @Option(names = "--svg", paramLabel = "FILE", description = "write the flame graph here")
    private Path svg;

    @Option(names = "--title", paramLabel = "TEXT", description = "the flame graph's title (default: the file name)")
    private String title;

    @Option(names = "--top", paramLabel = "N", defaultValue = "25",
            description = "methods listed, by samples on the stack and on top of it (default: ${DEFAULT-VALUE})")
    private int top;

    @Override
    public Integer call() throws Exception {
        PrintStream out = benchmarks.out();
        FlameGraph graph = new FlameGraph();
        Pattern names = Pattern.compile(threads);
        JfrSamples.read(recording, name -> names.matcher(name).find(), graph::add);
        out.printf("%s: %,d samples of Java code (jdk.ExecutionSample; not native code) of threads matching %s%n",
                recording.getFileName(), graph.samples(), threads);
        if (graph.samples() == 0) {
            return 1;
        }
        out.printf("%non the stack (inclusive):%n");
        graph.inclusive(top).forEach(share -> out.printf("%6.1f %%  %s%n", 100 * share.share(), share.method()));
        out.printf("%non top of the stack (self):%n");
        graph.self(top).forEach(share -> out.printf("%6.1f %%  %s%n", 100 * share.share(), share.method()));
        if (svg != null) {
            Files.writeString(svg, graph.svg(title == null ? recording.getFileName().toString() : title));
            out.printf("%nflame graph: %s%n", svg);
        }
        return 0;
    }
}
