package com.shopstream.simulator;

import picocli.CommandLine.Option;

/** {@code --bootstrap}: every command takes it, so that a caller can point any command line at its broker. */
final class BootstrapOption {

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:9092",
            description = "the Kafka broker (default: ${DEFAULT-VALUE})")
    String servers;
}
