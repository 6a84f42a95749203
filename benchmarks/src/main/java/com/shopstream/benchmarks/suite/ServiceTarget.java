package com.shopstream.benchmarks.suite;

import com.shopstream.harness.Await;
import com.shopstream.harness.JavaProcess;
import com.shopstream.harness.ServiceProcess;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Shopstream service's Boot jar as a process, on the benchmark's topics and with a fresh application id; its final
 * figures come from {@code /actuator/streamprogress} (state stores' estimated bytes, each query's late rows).
 */
record ServiceTarget(String run, String baselineRun, String name, String module, String group, List<String> inputs,
                     List<String> settings, String bootstrap, Path workDir, List<String> jvmOptions,
                     String sparkRun, String outputTopic) implements DrainTarget {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public JavaProcess start() {
        List<String> all = new ArrayList<>(settings);
        all.add("--spring.kafka.streams.application-id=" + group);
        // the production default: what a report costs (state rows are counted) is part of what is measured
        all.add("--shopstream.progress-interval=10s");
        return ServiceProcess.of(module, group, bootstrap, workDir, all, jvmOptions).start();
    }

    @Override
    public FinalFigures finalFigures(JavaProcess process) {
        ServiceProcess service = (ServiceProcess) process;
        Instant drained = Instant.now();
        JsonNode[] report = new JsonNode[1];
        // progress reports close every 10 s: wait for one closed after the drain
        Await.until(name + " to report its progress after the drain", Duration.ofSeconds(30), () -> {
            HttpResponse<String> response = service.get("/actuator/streamprogress");
            if (response == null || response.statusCode() != 200) {
                return false;
            }
            report[0] = JSON.readTree(response.body());
            return Instant.parse(report[0].get("timestamp").asString()).isAfter(drained.plusSeconds(1));
        });
        return figures(report[0]);
    }

    static FinalFigures figures(JsonNode report) {
        long bytes = 0;
        boolean known = false;
        for (JsonNode store : report.get("state_stores")) {
            long estimate = store.get("estimated_bytes").asLong();
            if (estimate >= 0) {
                bytes += estimate;
                known = true;
            }
        }
        long late = 0;
        for (JsonNode query : report.get("queries")) {
            late += query.get("totals").get("late_rows").asLong();
        }
        return new FinalFigures(known ? bytes : -1, late);
    }
}
