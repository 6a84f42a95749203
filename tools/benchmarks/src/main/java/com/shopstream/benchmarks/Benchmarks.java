package com.shopstream.benchmarks;

import com.shopstream.simulator.ToolCommandLine;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Benchmark commands; each prints its figures. {@code benchmarks help COMMAND} lists a command's options. */
@Command(name = "benchmarks", mixinStandardHelpOptions = true, versionProvider = BenchmarksVersion.class,
        description = "Measures the services; each command prints its figures (see BENCHMARKS.md).",
        subcommands = {TopologyCommand.class, StateCostCommand.class, HttpLoadCommand.class, SuiteCommand.class,
                ProfileCommand.class, ExpiryHeapCommand.class, BaselineCommand.class, ConsumerPerfCommand.class,
                HelpCommand.class})
public final class Benchmarks implements Callable<Integer> {

    private final PrintStream out;

    @Spec
    private CommandSpec spec;

    private Benchmarks(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "benchmarks-logback.xml");
        }
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command; its exit code is the return value: 0 ok, 1 the command failed, 2 a wrong command line. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolCommandLine.execute(commandLine(out, err), args);
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine commandLine = ToolCommandLine.of(new Benchmarks(out), out, err, (e, command, parsed) -> {
            // the whole trace: a benchmark fails deep in a run, and its cause is what one needs
            command.getErr().println("benchmarks " + command.getCommandName() + " failed:");
            e.printStackTrace(command.getErr());
            return ExitCode.SOFTWARE;
        });
        // from the first argument picocli does not know on, ConsumerPerformance's own options, untouched
        commandLine.getSubcommands().get("consumer-perf").setStopAtUnmatched(true);
        return commandLine;
    }

    /** {@code key=value,key=value}, or {@code none}. */
    static List<String> streamsProperties(String list) {
        return list.equals("none") || list.isBlank() ? List.of() : List.of(list.split(","));
    }

    PrintStream out() {
        return out;
    }

    /** No command: the usage, and exit code 2 as for any other incomplete command line. */
    @Override
    public Integer call() {
        spec.commandLine().usage(out);
        return ExitCode.USAGE;
    }
}
