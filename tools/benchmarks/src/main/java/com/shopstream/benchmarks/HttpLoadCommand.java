package com.shopstream.benchmarks;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code http-load}: {@link PaymentsHttpLoad} against a running payments-service. */
@Command(name = "http-load", mixinStandardHelpOptions = true,
        description = "Accepted payments per second over HTTP against a running payments-service (started with "
                + "--shopstream.rate-limit.enabled=false: one client is otherwise held to its rate limit).")
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

    @Option(names = "--secret", paramLabel = "whsec_...", defaultValue = "${env:SHOPSTREAM_WEBHOOK_SECRET}",
            description = "a secret of the service's shopstream.payments.webhook-secrets: every request is signed "
                    + "with it, as a provider signs (default: $SHOPSTREAM_WEBHOOK_SECRET)")
    private String secret;

    @Override
    public Integer call() throws Exception {
        if (secret == null || secret.isBlank()) {
            throw new picocli.CommandLine.ParameterException(new picocli.CommandLine(this),
                    "--secret (or SHOPSTREAM_WEBHOOK_SECRET) is required: payments-service refuses unsigned requests");
        }
        PaymentsHttpLoad.run(url, secret, seconds, connections, batch, benchmarks.out());
        return 0;
    }
}
