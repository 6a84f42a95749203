package com.shopstream.faults;

import com.shopstream.harness.Await;
import com.shopstream.harness.ServiceProcess;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A service's {@code /actuator/streamprogress}: running totals per query and rows per state store. */
record ServiceProgress(Instant timestamp, Map<String, Totals> queries, Map<String, Long> storeRows) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    record Totals(long inputRows, long lateRows, long deadLetterRows, long duplicateRows) {
    }

    static ServiceProgress of(ServiceProcess service) {
        HttpResponse<String> response = service.get("/actuator/streamprogress");
        if (response == null || response.statusCode() != 200) {
            throw new IllegalStateException(service.name() + " has no progress: "
                    + (response == null ? "no answer" : response.statusCode() + " " + response.body()));
        }
        JsonNode report = JSON.readTree(response.body());
        Map<String, Totals> queries = new LinkedHashMap<>();
        for (JsonNode query : report.get("queries")) {
            JsonNode totals = query.get("totals");
            queries.put(query.get("name").asString(), new Totals(totals.get("input_rows").asLong(),
                    totals.get("late_rows").asLong(), totals.get("dead_letter_rows").asLong(),
                    totals.get("duplicate_rows").asLong()));
        }
        Map<String, Long> stores = new LinkedHashMap<>();
        for (JsonNode store : report.get("state_stores")) {
            stores.merge(store.get("name").asString(), store.get("rows").asLong(), Long::sum);
        }
        return new ServiceProgress(Instant.parse(report.get("timestamp").asString()), queries, stores);
    }

    /** The first report closed after {@code instant}: its totals count everything processed before it. */
    static ServiceProgress after(ServiceProcess service, Instant instant) {
        ServiceProgress[] last = new ServiceProgress[1];
        Await.until(service.name() + " to report progress after " + instant, Duration.ofSeconds(30), () -> {
            last[0] = of(service);
            return last[0].timestamp().isAfter(instant);
        });
        return last[0];
    }

    Totals query(String name) {
        Totals totals = queries.get(name);
        if (totals == null) {
            throw new IllegalArgumentException("no query " + name + " in " + queries.keySet());
        }
        return totals;
    }
}
