package com.shopstream.faults;

import com.shopstream.harness.Await;
import com.shopstream.harness.ServiceProcess;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A service's {@code /actuator/streamprogress}: running totals per query and rows per state store. */
record ServiceProgress(Instant timestamp, Map<String, Totals> queries, Map<String, Set<String>> tasks,
                       Map<String, Map<String, Partition>> partitions, Map<String, Long> storeRows) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    record Totals(long inputRows, long lateRows, long deadLetterRows, long duplicateRows) {
    }

    /** An input partition of a query as this instance knows it: {@code active}, {@code idle} or {@code awaited}. */
    record Partition(String state, boolean readHere) {
    }

    static ServiceProgress of(ServiceProcess service) {
        HttpResponse<String> response = service.get("/actuator/streamprogress");
        if (response == null || response.statusCode() != 200) {
            throw new IllegalStateException(service.name() + " has no progress: "
                    + (response == null ? "no answer" : response.statusCode() + " " + response.body()));
        }
        JsonNode report = JSON.readTree(response.body());
        Map<String, Totals> queries = new LinkedHashMap<>();
        Map<String, Set<String>> tasks = new LinkedHashMap<>();
        Map<String, Map<String, Partition>> partitions = new LinkedHashMap<>();
        for (JsonNode query : report.get("queries")) {
            Map<String, Partition> inputs = new LinkedHashMap<>();
            for (JsonNode partition : query.get("input_partitions")) {
                inputs.put(partition.get("partition").asString(), new Partition(partition.get("state").asString(),
                        partition.get("read_here").asBoolean()));
            }
            partitions.put(query.get("name").asString(), inputs);
            Set<String> local = new TreeSet<>();
            JsonNode byTask = query.get("watermark_by_task");
            if (byTask != null && byTask.isObject()) {
                local.addAll(byTask.propertyNames());
            }
            tasks.put(query.get("name").asString(), local);
            JsonNode totals = query.get("totals");
            queries.put(query.get("name").asString(), new Totals(totals.get("input_rows").asLong(),
                    totals.get("late_rows").asLong(), totals.get("dead_letter_rows").asLong(),
                    totals.get("duplicate_rows").asLong()));
        }
        Map<String, Long> stores = new LinkedHashMap<>();
        for (JsonNode store : report.get("state_stores")) {
            stores.merge(store.get("name").asString(), store.get("rows").asLong(), Long::sum);
        }
        return new ServiceProgress(Instant.parse(report.get("timestamp").asString()), queries, tasks, partitions,
                stores);
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

    /** The local tasks that ran the query; none when no task of the query runs here. */
    Set<String> tasksOf(String query) {
        return tasks.getOrDefault(query, Set.of());
    }

    /** The input partitions of a query this instance knows of. */
    Map<String, Partition> partitionsOf(String query) {
        return partitions.getOrDefault(query, Map.of());
    }

    Totals query(String name) {
        Totals totals = queries.get(name);
        if (totals == null) {
            throw new IllegalArgumentException("no query " + name + " in " + queries.keySet());
        }
        return totals;
    }
}
