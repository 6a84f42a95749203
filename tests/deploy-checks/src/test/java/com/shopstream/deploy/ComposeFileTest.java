package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** docker-compose.yml, parsed, against the modules, the contract's topics and local-kafka's topic rule. */
class ComposeFileTest {

    private final Map<String, Object> compose = Yamls.map(Yamls.load(Repo.read(Repo.path("docker-compose.yml"))));
    private final Map<String, Object> services = Yamls.mapAt(compose, "services");

    private Map<String, Object> service(String name) {
        assertThat(services).as("docker-compose.yml services").containsKey(name);
        return Yamls.map(services.get(name));
    }

    private static Map<String, Object> environment(Map<String, Object> service) {
        return Yamls.map(service.get("environment"));
    }

    private static String env(Map<String, Object> service, String name) {
        Object value = environment(service).get(name);
        return value == null ? null : String.valueOf(value);
    }

    /** The broker's listener that containers use (the advertised one that is not localhost). */
    private String internalBootstrap() {
        String advertised = env(service("kafka"), "KAFKA_ADVERTISED_LISTENERS");
        List<String> internal = Arrays.stream(advertised.split(","))
                .map(l -> l.substring(l.indexOf("://") + 3))
                .filter(address -> !address.startsWith("localhost:"))
                .toList();
        assertThat(internal).as("one advertised listener for the containers").hasSize(1);
        return internal.get(0);
    }

    @Test
    void oneKraftBrokerWithAnInternalAndAHostListenerAndNoAutoCreatedTopics() {
        Map<String, Object> kafka = service("kafka");
        assertThat(kafka.get("image")).isEqualTo("apache/kafka:" + System.getProperty("shopstream.kafka.version", "4.1.2"));
        assertThat(env(kafka, "KAFKA_PROCESS_ROLES")).isEqualTo("broker,controller");
        assertThat(env(kafka, "KAFKA_ADVERTISED_LISTENERS")).contains("://localhost:9092");
        assertThat(Yamls.list(kafka.get("ports"))).containsExactly("127.0.0.1:9092:9092");
        assertThat(internalBootstrap()).isEqualTo("kafka:19092");
        assertThat(env(kafka, "KAFKA_AUTO_CREATE_TOPICS_ENABLE")).isEqualTo("false");
        for (String singleNode : List.of("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR",
                "KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR",
                "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "KAFKA_DEFAULT_REPLICATION_FACTOR", "KAFKA_MIN_INSYNC_REPLICAS")) {
            assertThat(env(kafka, singleNode)).as(singleNode).isEqualTo("1");
        }
        assertThat(kafka).containsKey("healthcheck");
        assertThat(Yamls.list(kafka.get("volumes"))).anyMatch(v -> String.valueOf(v).endsWith(":/var/lib/kafka/data"));
    }

    @Test
    void topicInitRunsTheChartsScriptWithTheContractsTopicList() {
        // what the script then creates is TopicCreationTest's
        Map<String, Object> init = service("topic-init");
        assertThat(init.get("image")).isEqualTo(service("kafka").get("image"));
        assertThat(Yamls.string(init, "depends_on.kafka.condition")).isEqualTo("service_healthy");
        assertThat(Yamls.list(init.get("volumes"))).containsExactly(
                "./helm/shopstream/files/create-topics.sh:/opt/shopstream/create-topics.sh:ro",
                "./helm/shopstream/files/contract-topics.txt:/opt/shopstream/contract-topics.txt:ro");
        assertThat(Yamls.list(init.get("entrypoint"))).containsExactly("/bin/bash", "/opt/shopstream/create-topics.sh");
        assertThat(env(init, "TOPICS_FILE")).isEqualTo("/opt/shopstream/contract-topics.txt");
        assertThat(env(init, "BOOTSTRAP_SERVERS")).isEqualTo(internalBootstrap());
    }

    @Test
    void everyServiceModuleIsBuiltFromTheDockerfileWithItsPorts() {
        for (String module : Repo.serviceModules()) {
            Map<String, Object> service = service(module);
            assertThat(Yamls.string(service, "build.context")).as(module).isEqualTo(".");
            assertThat(Yamls.string(service, "build.dockerfile")).as(module).isEqualTo("docker/Dockerfile");
            assertThat(Repo.path(Yamls.string(service, "build.dockerfile"))).isRegularFile();
            Map<String, Object> args = Yamls.mapAt(service, "build.args");
            assertThat(String.valueOf(args.get("SERVICE"))).as(module).isEqualTo(module);
            assertThat(String.valueOf(args.get("SERVER_PORT"))).as(module + " SERVER_PORT = the service's server.port")
                    .isEqualTo(String.valueOf(Repo.serverPort(module)));
            assertThat(String.valueOf(args.get("MANAGEMENT_PORT"))).as(module)
                    .isEqualTo(String.valueOf(Repo.managementPort(module)));
            assertThat(env(service, "MANAGEMENT_SERVER_PORT")).as(module).isEqualTo(String.valueOf(Repo.managementPort(module)));
            assertThat(env(service, "SPRING_KAFKA_BOOTSTRAP_SERVERS")).as(module).isEqualTo(internalBootstrap());
            assertThat(Yamls.list(service.get("ports"))).as(module).containsExactly(
                    "127.0.0.1:" + Repo.serverPort(module) + ":" + Repo.serverPort(module),
                    "127.0.0.1:" + Repo.managementPort(module) + ":" + Repo.managementPort(module));
        }
        assertThat(services.keySet().stream().filter(s -> s.endsWith("-service")))
                .as("compose services named *-service are the service modules")
                .containsExactlyInAnyOrderElementsOf(Repo.serviceModules());
    }

    @Test
    void everyServiceWaitsForTheTopicsAndHasAHealthcheckAndAStateVolume() {
        Map<String, Object> volumes = Yamls.mapAt(compose, "volumes");
        for (String module : Repo.serviceModules()) {
            Map<String, Object> service = service(module);
            assertThat(Yamls.string(service, "depends_on.topic-init.condition")).as(module)
                    .isEqualTo("service_completed_successfully");

            List<String> test = Yamls.list(Yamls.at(service, "healthcheck.test")).stream().map(String::valueOf).toList();
            assertThat(test).as(module + " healthcheck").isNotEmpty();
            assertThat(String.join(" ", test)).as(module).containsAnyOf("/actuator/health/readiness", "/actuator/health/liveness");
            assertThat(test).as(module).contains("/usr/local/bin/shopstream-healthcheck");

            List<String> stateVolumes = new ArrayList<>();
            for (Object volume : Yamls.list(service.get("volumes"))) {
                String[] parts = String.valueOf(volume).split(":");
                if (parts.length >= 2 && parts[1].equals(Repo.STATE_DIR)) {
                    stateVolumes.add(parts[0]);
                }
            }
            assertThat(stateVolumes).as(module + " mounts a named volume at " + Repo.STATE_DIR).hasSize(1);
            assertThat(volumes).as("top-level volumes").containsKey(stateVolumes.get(0));
            assertThat(env(service, "SPRING_KAFKA_STREAMS_STATE_DIR")).isEqualTo(Repo.STATE_DIR);
        }
    }

    @Test
    void prometheusScrapesEveryServicesActuator() {
        Map<String, Object> prometheus = service("prometheus");
        String mount = Yamls.list(prometheus.get("volumes")).stream().map(String::valueOf)
                .filter(v -> v.contains(":/etc/prometheus/prometheus.yml")).findFirst().orElseThrow();
        java.nio.file.Path config = Repo.root().resolve(mount.substring(0, mount.indexOf(':')).replaceFirst("^\\./", ""));
        assertThat(config).isRegularFile();

        Map<String, Object> prometheusConfig = Yamls.map(Yamls.load(Repo.read(config)));
        Map<String, Object> job = Yamls.maps(prometheusConfig.get("scrape_configs")).stream()
                .filter(j -> "shopstream".equals(j.get("job_name"))).findFirst().orElseThrow();
        assertThat(job.get("metrics_path")).isEqualTo("/actuator/prometheus");
        List<Object> targets = Yamls.maps(job.get("static_configs")).stream()
                .flatMap(c -> Yamls.list(c.get("targets")).stream()).toList();
        assertThat(targets).containsExactlyInAnyOrderElementsOf(Repo.serviceModules().stream()
                .map(m -> m + ":" + Repo.managementPort(m)).toList());
    }

    @Test
    void everyPortIsPublishedOnLoopbackOnlyAndNoCredentialHasADefault() {
        services.forEach((name, definition) -> Yamls.list(Yamls.map(definition).get("ports")).forEach(port ->
                assertThat(String.valueOf(port)).as(name + " publishes on 127.0.0.1 only").startsWith("127.0.0.1:")));
        assertThat(env(service("grafana"), "GF_SECURITY_ADMIN_PASSWORD"))
                .startsWith("${GRAFANA_ADMIN_PASSWORD:?");
        assertThat(env(service("payments-service"), "SHOPSTREAM_PAYMENTS_WEBHOOKSECRETS"))
                .startsWith("${SHOPSTREAM_WEBHOOK_SECRET:?");
    }

    @Test
    void grafanaIsProvisionedWithTheShopstreamDashboard() throws Exception {
        Map<String, Object> grafana = service("grafana");
        List<String> mounts = Yamls.list(grafana.get("volumes")).stream().map(String::valueOf).toList();
        for (String mount : mounts) {
            if (mount.startsWith("./")) {
                assertThat(Repo.root().resolve(mount.substring(2, mount.indexOf(':')))).as(mount).exists();
            }
        }
        String dashboard = Repo.read(Repo.path("deploy", "grafana", "dashboards", "shopstream.json"));
        for (String metric : List.of("shopstream_watermark_lag_seconds", "shopstream_late_rows_total",
                "shopstream_dead_letters_total", "shopstream_state_rows", "shopstream_state_bytes",
                "rate(shopstream_input_rows_total")) {
            assertThat(dashboard).contains(metric);
        }
        assertThat(Files.readString(Repo.path("deploy", "grafana", "provisioning", "datasources", "prometheus.yml")))
                .contains("http://prometheus:9090");
    }
}
