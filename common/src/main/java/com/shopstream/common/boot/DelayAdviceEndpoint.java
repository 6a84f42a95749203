package com.shopstream.common.boot;

import com.shopstream.common.progress.DelayAdviceReport;
import com.shopstream.common.progress.ProgressRegistry;
import java.time.Clock;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code GET /actuator/delayadvice}: per query and input, how late records arrived over the horizon
 * ({@code shopstream.watermark.advice-horizon}) and the watermark delay that would have kept 99 %, 99.9 % and all of
 * them, with what each costs against the delay the query runs with.
 */
@Endpoint(id = "delayadvice")
public class DelayAdviceEndpoint {

    private final ProgressRegistry registry;
    private final Clock clock;

    public DelayAdviceEndpoint(ProgressRegistry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    @ReadOperation
    public DelayAdviceReport advice() {
        return registry.delayAdvice(clock.instant());
    }
}
