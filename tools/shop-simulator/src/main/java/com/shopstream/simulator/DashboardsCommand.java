package com.shopstream.simulator;

import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code dashboards}: starts a real Prometheus (the given binary) scraping the services' {@code /actuator/prometheus}
 * every second, waits until every target has been scraped twice, then evaluates every PromQL expression of the
 * Grafana dashboard through Prometheus' HTTP API — Grafana's variables replaced as Grafana would with "all selected"
 * ({@code $service} by {@code .*}, {@code $__range} by the time Prometheus has run) — and checks that each parses and
 * returns at least one series. Exit code 0 only when all do.
 */
@Command(name = "dashboards", mixinStandardHelpOptions = true,
        description = "Starts Prometheus against the services and evaluates every PromQL of the dashboard; exit code 0 "
                + "only if each returns series.")
final class DashboardsCommand extends SimulatorCommand {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Option(names = "--prometheus", paramLabel = "BINARY", defaultValue = "/usr/bin/prometheus",
            description = "the Prometheus to start (default: ${DEFAULT-VALUE})")
    private Path prometheus;

    @Option(names = "--targets", paramLabel = "HOST:PORT", split = ",",
            defaultValue = "127.0.0.1:8081,127.0.0.1:8082,127.0.0.1:8083,127.0.0.1:8084,127.0.0.1:8085",
            description = "the services to scrape (default: ${DEFAULT-VALUE})")
    private List<String> targets;

    @Option(names = "--dashboard", paramLabel = "FILE", defaultValue = "deploy/grafana/dashboards/shopstream.json",
            description = "the Grafana dashboard whose queries to evaluate (default: ${DEFAULT-VALUE})")
    private Path dashboard;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "60s",
            description = "how long to wait for every target to be scraped twice (default: ${DEFAULT-VALUE})")
    private Duration timeout;

    @Override
    public Integer call() throws Exception {
        PrintStream out = out();
        if (!Files.isExecutable(prometheus)) {
            throw usageError("no Prometheus at " + prometheus
                    + " (apt-get install prometheus)");
        }
        Map<String, String> expressions = expressions(dashboard);

        Path work = Files.createTempDirectory("shopstream-prometheus");
        int port = freePort();
        Files.writeString(work.resolve("prometheus.yml"), config(targets));
        Process process = new ProcessBuilder(prometheus.toString(),
                "--config.file=" + work.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + work.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(work.resolve("prometheus.log").toFile()).start();
        try {
            String api = "http://127.0.0.1:" + port + "/api/v1/";
            long started = System.nanoTime();
            awaitScrapes(api, targets.size(), timeout, out);
            String range = Math.max(1, (System.nanoTime() - started) / 1_000_000_000L) + "s";
            int failed = 0;
            for (Map.Entry<String, String> panel : expressions.entrySet()) {
                String promql = panel.getValue().replace("$service", ".*").replace("$__range", range)
                        .replace("$__rate_interval", "1m");
                JsonNode answer = get(api + "query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
                boolean ok = "success".equals(answer.path("status").asString(""));
                int series = ok ? answer.path("data").path("result").size() : 0;
                if (!ok || series == 0) {
                    failed++;
                }
                out.printf("%s %-28s %3d series  %s%s%n", ok && series > 0 ? "OK  " : "FAIL", panel.getKey(), series,
                        promql, ok ? "" : "  — " + answer.path("error").asString(""));
            }
            out.printf("%n%s: %d of %d dashboard queries return series (Prometheus log: %s)%n",
                    failed == 0 ? "PASS" : "FAIL", expressions.size() - failed, expressions.size(),
                    work.resolve("prometheus.log"));
            return failed == 0 ? 0 : 1;
        } finally {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    /** Every target of the job scraped at least twice (rates need two samples). */
    private static void awaitScrapes(String api, int targets, Duration timeout, PrintStream out) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String query = api + "query?query=" + URLEncoder.encode(
                "count(count_over_time(up{job=\"shopstream\"}[1m]) >= 2)", StandardCharsets.UTF_8);
        while (true) {
            try {
                JsonNode result = get(query).path("data").path("result");
                if (result.size() == 1 && result.get(0).path("value").get(1).asString("0").equals(
                        Integer.toString(targets))) {
                    out.printf("every one of the %d targets scraped twice%n", targets);
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Prometheus did not scrape every target twice within " + timeout);
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
    }

    /** The expressions of the dashboard's panels, named by panel (and target, when a panel has several). */
    static Map<String, String> expressions(Path dashboard) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        List<JsonNode> panels = new ArrayList<>();
        JSON.readTree(Files.readString(dashboard)).path("panels").forEach(panels::add);
        for (int i = 0; i < panels.size(); i++) {
            JsonNode panel = panels.get(i);
            panel.path("panels").forEach(panels::add);
            int n = 0;
            for (JsonNode target : panel.path("targets")) {
                String expr = target.path("expr").asString("");
                if (!expr.isBlank()) {
                    String name = panel.path("title").asString("panel " + i);
                    out.put(out.containsKey(name) ? name + " #" + (++n + 1) : name, expr);
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no PromQL in " + dashboard);
        }
        return out;
    }

    private static String config(List<String> targets) {
        StringBuilder yml = new StringBuilder("""
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: shopstream
                    metrics_path: /actuator/prometheus
                    static_configs:
                      - targets:
                """);
        targets.forEach(target -> yml.append("          - ").append(target).append('\n'));
        return yml.toString();
    }

    private static JsonNode get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        return JSON.readTree(response.body());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
