package com.shopstream.simulator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The shop simulator: {@code replay}, {@code generate}, {@code tail}, {@code verify}, {@code dashboards}. Its output
 * is its user interface, so it prints to standard output; client logs stay at WARN.
 */
@Command(name = "shop-simulator", mixinStandardHelpOptions = true, versionProvider = SimulatorVersion.class,
        description = "A command-line shop on Kafka: replays a scenario, generates a load, tails and verifies the "
                + "output topics. Every command takes --bootstrap HOST:PORT (default 127.0.0.1:9092).",
        subcommands = {ReplayCommand.class, GenerateCommand.class, TailCommand.class, VerifyCommand.class,
                DashboardsCommand.class, HelpCommand.class})
public final class ShopSimulator implements Callable<Integer> {

    private final PrintStream out;

    @Spec
    private CommandSpec spec;

    private ShopSimulator(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        // its own logging file, not logback.xml: a jar that depends on the simulator keeps its own logging
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "shop-simulator-logback.xml");
        }
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command; its exit code is the return value: 0 ok, 1 the command failed, 2 a wrong command line. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolCommandLine.execute(commandLine(out, err), args);
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        // InProcessSuite appends --bootstrap to command lines that may have one: the last one wins
        CommandLine commandLine = ToolCommandLine.of(new ShopSimulator(out), out, err, (e, command, parsed) -> {
            command.getErr().println("shop-simulator " + command.getCommandName() + " failed: " + e.getMessage());
            return ExitCode.SOFTWARE;
        });
        commandLine.registerConverter(Duration.class, new DurationConverter());
        commandLine.registerConverter(Long.class, WholeNumberConverter::parse);
        commandLine.registerConverter(long.class, WholeNumberConverter::parse);
        commandLine.registerConverter(Integer.class, WholeNumberConverter::parseInt);
        commandLine.registerConverter(int.class, WholeNumberConverter::parseInt);
        return commandLine;
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
