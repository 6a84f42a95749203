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
 * A Shopstream service's Boot jar as a process (or several instances in one consumer group), on the benchmark's
 * topics and with a fresh application id; its final figures come from {@code /actuator/streamprogress} (state stores'
 * estimated bytes, each query's late rows), summed over the instances.
 *
 * @param jfrDir where each instance records its flight recording, or {@code null} for none
 */
record ServiceTarget(String run, String baselineRun, String name, String module, String group, List<String> inputs,
                     List<String> settings, String bootstrap, Path workDir, List<String> jvmOptions, Path jfrDir,
                     int instances, String sparkRun, String outputTopic) implements DrainTarget {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    public List<JavaProcess> start() {
        List<String> all = new ArrayList<>(settings);
        all.add("--spring.kafka.streams.application-id=" + group);
        // the production default: what a report costs (state rows are counted) is part of what is measured
        all.add("--shopstream.progress-interval=10s");
        List<JavaProcess> processes = new ArrayList<>();
        for (int i = 1; i <= instances; i++) {
            // one instance keeps the group's name (its log, state directory and profile, as before instances)
            String instance = instances == 1 ? group : group + "-" + i;
            processes.add(ServiceProcess.of(module, instance, bootstrap, workDir, all, jvm(instance)).start());
        }
        return processes;
    }

    private List<String> jvm(String instance) {
        if (jfrDir == null) {
            return jvmOptions;
        }
        List<String> withJfr = new ArrayList<>(jvmOptions);
        withJfr.addAll(SuiteTargets.flightRecording(jfrDir.resolve(instance + ".jfr")));
        return withJfr;
    }

    @Override
    public FinalFigures finalFigures(List<JavaProcess> processes) {
        Instant drained = Instant.now();
        FinalFigures total = FinalFigures.UNKNOWN;
        for (JavaProcess process : processes) {
            total = total.plus(finalFigures((ServiceProcess) process, drained));
        }
        return total;
    }

    private FinalFigures finalFigures(ServiceProcess service, Instant drained) {
        JsonNode[] report = new JsonNode[1];
        // progress reports close every 10 s: wait for one closed after the drain
        Await.until(service.name() + " to report its progress after the drain", Duration.ofSeconds(30), () -> {
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
