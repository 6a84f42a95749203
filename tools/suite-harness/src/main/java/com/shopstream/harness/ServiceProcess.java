package com.shopstream.harness;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A Shopstream service as a process of its own, as in production: its own port, state directory and log. */
public final class ServiceProcess extends JavaProcess {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** What fault and suite tests start services with: small, quick to start (C1 only). */
    public static final List<String> TEST_JVM = List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final int port;

    private ServiceProcess(String name, Path jar, List<String> jvmOptions, List<String> arguments, Path log, int port) {
        super(name, jar, jvmOptions, arguments, log);
        this.port = port;
    }

    /**
     * @param module      e.g. {@code orders-service}
     * @param instance    a name for this process (its log file and state directory), e.g. {@code orders-service-1}
     * @param settings    extra {@code --key=value} settings (application id, topics, Kafka Streams properties)
     */
    public static ServiceProcess of(String module, String instance, String bootstrap, Path workDir,
                                    List<String> settings) {
        return of(module, instance, bootstrap, workDir, settings, TEST_JVM);
    }

    /**
     * @param jvmOptions e.g. a heap size, a collector, {@code -XX:StartFlightRecording}: the benchmarks run the services
     *                   with the JIT's full optimisation, which {@link #TEST_JVM} trades for a faster start
     */
    public static ServiceProcess of(String module, String instance, String bootstrap, Path workDir,
                                    List<String> settings, List<String> jvmOptions) {
        int port = ListenPorts.next();
        List<String> arguments = new ArrayList<>(List.of(
                "--spring.kafka.bootstrap-servers=" + bootstrap,
                "--spring.kafka.streams.state-dir=" + workDir.resolve("state").resolve(instance),
                "--server.port=" + port,
                "--spring.main.banner-mode=off"));
        // tests want a report a second; a setting of the caller's own wins (Spring would join two into a list)
        if (settings.stream().noneMatch(s -> s.startsWith("--shopstream.progress-interval="))) {
            arguments.add("--shopstream.progress-interval=1s");
        }
        arguments.addAll(settings);
        return new ServiceProcess(instance, Repository.jar(module), jvmOptions, arguments,
                workDir.resolve("logs").resolve(instance + ".log"), port);
    }

    @Override
    public ServiceProcess withEnvironment(Map<String, String> environment) {
        super.withEnvironment(environment);
        return this;
    }

    @Override
    public ServiceProcess start() {
        super.start();
        return this;
    }

    /** Waits for readiness UP: the Kafka Streams client is RUNNING (or rebalancing) and reaches the broker. */
    public ServiceProcess awaitReady(Duration timeout) {
        Await.until(name() + " to be ready (see " + log() + ")", timeout, () -> {
            if (!isAlive()) {
                throw exited("exited while starting");
            }
            return isReady();
        });
        return this;
    }

    public boolean isReady() {
        HttpResponse<String> response = get("/actuator/health/readiness");
        return response != null && response.statusCode() == 200 && response.body().contains("\"status\":\"UP\"");
    }

    /** The body of {@code GET path}, or {@code null} when the service does not answer. */
    public HttpResponse<String> get(String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    public int port() {
        return port;
    }

}
