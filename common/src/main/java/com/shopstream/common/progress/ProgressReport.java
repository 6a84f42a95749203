package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One progress report of a service: what {@code GET /actuator/streamprogress} returns. */
public record ProgressReport(
        @JsonProperty("service") String service,
        @JsonProperty("timestamp") Instant timestamp,
        @JsonProperty("interval") Duration interval,
        @JsonProperty("queries") List<QueryReport> queries,
        @JsonProperty("dead_letters_by_topic") Map<String, Long> deadLettersByTopic,
        @JsonProperty("misplaced_rows_by_partition") Map<String, Long> misplacedRowsByPartition,
        @JsonProperty("state_stores") List<StoreSize> stateStores) {

    public QueryReport query(String name) {
        return queries.stream().filter(q -> q.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no query " + name + " in " + queries));
    }
}
