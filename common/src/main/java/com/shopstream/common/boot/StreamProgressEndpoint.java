package com.shopstream.common.boot;

import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.ProgressReport;
import com.shopstream.common.progress.QueryReport;
import java.time.Clock;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/** {@code GET /actuator/streamprogress[/{query}]}: the last progress report, Spark's {@code lastProgress}. */
@Endpoint(id = "streamprogress")
public class StreamProgressEndpoint {

    private final ProgressRegistry registry;
    private final Clock clock;

    public StreamProgressEndpoint(ProgressRegistry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    @ReadOperation
    public ProgressReport progress() {
        return registry.lastReport(clock::instant);
    }

    /** One query's part of the last report; {@code null} (404) for a query this service does not run. */
    @ReadOperation
    public QueryReport query(@Selector String query) {
        return registry.lastReport(clock::instant).queries().stream()
                .filter(q -> q.name().equals(query))
                .findFirst()
                .orElse(null);
    }
}
