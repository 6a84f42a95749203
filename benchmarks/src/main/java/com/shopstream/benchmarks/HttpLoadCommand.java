package com.shopstream.benchmarks;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code http-load}: {@link PaymentsHttpLoad} against a running payments-service. */
@Command(name = "http-load", mixinStandardHelpOptions = true,
        description = "Accepted payments per second over HTTP against a running payments-service.")
final class HttpLoadCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Option(names = "--url", defaultValue = "http://127.0.0.1:8085",
            description = "payments-service (default: ${DEFAULT-VALUE})")
    private String url;

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "30",
            description = "how long to post (default: ${DEFAULT-VALUE})")
    private int seconds;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "8",
            description = "concurrent connections (default: ${DEFAULT-VALUE})")
    private int connections;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "1",
            description = "payments per request (default: ${DEFAULT-VALUE})")
    private int batch;

    @Override
    public Integer call() throws Exception {
        PaymentsHttpLoad.run(url, seconds, connections, batch, benchmarks.out());
        return 0;
    }
}
