package com.shopstream.simulator;

import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How Shopstream's command-line tools (this simulator, and the benchmarks, which drive its generator) read a command
 * line: arguments taken as they are (no {@code @file} expansion), a repeated option's last value wins (a caller may
 * append one), a wrong command line prints what is wrong, suggestions and the usage and exits 2.
 */
public final class ToolCommandLine {

    private ToolCommandLine() {
    }

    /** {@code command} with the tools' rules, writing to {@code out} and {@code err}; {@code failed} reports a failure. */
    public static CommandLine of(Object command, PrintStream out, PrintStream err, IExecutionExceptionHandler failed) {
        return new CommandLine(command)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .setExpandAtFiles(false)
                .setOverwrittenOptionsAllowed(true)
                .setParameterExceptionHandler(ToolCommandLine::usageError)
                .setExecutionExceptionHandler(failed);
    }

    /** Runs the command line; its exit code is the return value: 0 ok, 1 the command failed, 2 a wrong command line. */
    public static int execute(CommandLine commandLine, String[] args) {
        try {
            return commandLine.execute(args);
        } finally {
            commandLine.getOut().flush();
            commandLine.getErr().flush();
        }
    }

    private static int usageError(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": " + e.getMessage());
        UnmatchedArgumentException.printSuggestions(e, err);
        command.usage(err);
        return ExitCode.USAGE;
    }
}
