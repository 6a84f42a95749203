package com.shopstream.simulator;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What every simulator command shares: the simulator's output, {@code --bootstrap} (taken by every command, even one
 * that needs no broker, so that a caller can append it to any command line) and wrong-usage errors.
 */
abstract class SimulatorCommand implements Callable<Integer> {

    @ParentCommand
    private ShopSimulator simulator;

    @Spec
    private CommandSpec spec;

    @Mixin
    private BootstrapOption bootstrap;

    PrintStream out() {
        return simulator.out();
    }

    String servers() {
        return bootstrap.servers;
    }

    /** A wrong command line: picocli prints the message with the usage and exits 2. */
    ParameterException usageError(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
