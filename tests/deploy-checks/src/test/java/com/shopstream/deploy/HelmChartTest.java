package com.shopstream.deploy;

import static com.shopstream.deploy.Chart.Manifest.container;
import static com.shopstream.deploy.Chart.Manifest.env;
import static com.shopstream.deploy.Chart.Manifest.envIndex;
import static com.shopstream.deploy.Chart.Manifest.envValue;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.shopstream.deploy.Chart.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * helm/shopstream linted and rendered by real helm with the default values (plus the one required value,
 * kafka.bootstrapServers) and with values-production.yaml; the rendered objects checked against the modules.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HelmChartTest {

    private final List<String> modules = Repo.serviceModules();
    private Manifest defaults;
    private Manifest production;

    @BeforeAll
    void render() {
        defaults = Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP));
        // helm-java's template prints the release manifest without hooks, so the topic Job is rendered as a plain
        // resource (topics.hook=false) to be checked; its pod spec is the same either way.
        production = Chart.render(Map.of("topics.hook", "false"), Chart.PRODUCTION);
        System.out.println("helm template: " + defaults.objects().size() + " objects with the default values, "
                + production.objects().size() + " with values-production.yaml (topics.hook=false)");
    }

    @Test
    void helmIsTheRealOne() {
        assertThat(Helm.version().call()).startsWith("v3.");
    }

    @Test
    void lintsStrictWithTheDefaultValues(@TempDir Path work) {
        LintResult lint = Chart.lint(work);
        System.out.println("helm lint --strict helm/shopstream: failed=" + lint.isFailed() + " " + lint.getMessages());
        assertThat(lint.isFailed()).as("helm lint --strict: %s", lint.getMessages()).isFalse();
        assertThat(lint.getMessages()).noneMatch(m -> m.contains("[ERROR]") || m.contains("[WARNING]"));
    }

    @Test
    void lintsStrictWithTheProductionValues(@TempDir Path work) {
        LintResult lint = Chart.lint(work, Chart.PRODUCTION);
        System.out.println("helm lint --strict helm/shopstream -f values-production.yaml: failed=" + lint.isFailed() + " "
                + lint.getMessages());
        assertThat(lint.isFailed()).as("helm lint --strict -f values-production.yaml: %s", lint.getMessages()).isFalse();
        assertThat(lint.getMessages()).noneMatch(m -> m.contains("[ERROR]") || m.contains("[WARNING]"));
    }

    @Test
    void defaultValuesRenderOneStatefulSetPerServiceWithItsServicesAndBudget() {
        assertThat(modules).hasSize(5);
        assertThat(kindCounts(defaults)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "StatefulSet", 5, "Service", 15, "PodDisruptionBudget", 5, "ServiceAccount", 1,
                "NetworkPolicy", 5));
        assertThat(defaults.objects()).hasSize(31);
        for (String module : modules) {
            Map<String, Object> workload = defaults.workload(module);
            assertThat(workload.get("kind")).isEqualTo("StatefulSet");
            assertThat(Yamls.string(workload, "metadata.name")).isEqualTo("shopstream-" + module);
            assertThat(Yamls.at(workload, "spec.replicas")).isEqualTo(1);
        }
    }

    @Test
    void productionValuesRenderThreePodsPerServiceAndTheServiceMonitorAndTopicJob() {
        assertThat(kindCounts(production)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "StatefulSet", 5, "Service", 15, "PodDisruptionBudget", 5, "ServiceAccount", 1,
                "ServiceMonitor", 1, "Job", 1, "NetworkPolicy", 5));
        for (String module : modules) {
            Map<String, Object> workload = production.workload(module);
            assertThat(Yamls.at(workload, "spec.replicas")).as(module).isEqualTo(3);
            Map<String, Object> resources = Yamls.map(container(workload).get("resources"));
            assertThat(Yamls.at(resources, "requests.cpu")).as(module).isNotNull();
            assertThat(Yamls.at(resources, "requests.memory")).as(module).isNotNull();
            assertThat(Yamls.at(resources, "limits.memory")).as(module).isNotNull();
        }
    }

    @Test
    void containersListenOnTheServicesPortsAndProbeTheActuatorGroups() {
        for (Manifest manifest : List.of(defaults, production)) {
            for (String module : modules) {
                Map<String, Object> container = container(manifest.workload(module));
                Map<String, Object> ports = new TreeMap<>();
                Yamls.maps(container.get("ports")).forEach(p -> ports.put((String) p.get("name"), p.get("containerPort")));
                assertThat(ports).as(module).containsExactlyInAnyOrderEntriesOf(Map.of(
                        "http", Repo.serverPort(module), "management", Repo.managementPort(module)));
                assertThat(envValue(container, "SERVER_PORT")).isEqualTo(String.valueOf(Repo.serverPort(module)));
                assertThat(envValue(container, "MANAGEMENT_SERVER_PORT")).isEqualTo(String.valueOf(Repo.managementPort(module)));

                assertThat(Yamls.string(container, "livenessProbe.httpGet.path")).isEqualTo("/actuator/health/liveness");
                assertThat(Yamls.string(container, "livenessProbe.httpGet.port")).isEqualTo("management");
                assertThat(Yamls.string(container, "readinessProbe.httpGet.path")).isEqualTo("/actuator/health/readiness");
                assertThat(Yamls.string(container, "readinessProbe.httpGet.port")).isEqualTo("management");
                assertThat(Yamls.string(container, "startupProbe.httpGet.path")).isEqualTo("/actuator/health/liveness");
                assertThat(envValue(container, "SPRING_KAFKA_BOOTSTRAP_SERVERS")).isNotBlank();
                assertThat(envValue(container, "JAVA_TOOL_OPTIONS")).contains("-XX:MaxRAMPercentage=");
            }
        }
        assertThat(envValue(container(defaults.workload("orders-service")), "SPRING_KAFKA_BOOTSTRAP_SERVERS"))
                .isEqualTo(Chart.BOOTSTRAP);
    }

    @Test
    void statefulSetsKeepTheirStateOnAVolumeClaimPerPodAndStartInParallel() {
        for (Manifest manifest : List.of(defaults, production)) {
            for (String module : modules) {
                Map<String, Object> workload = manifest.workload(module);
                String name = Yamls.string(workload, "metadata.name");
                assertThat(Yamls.string(workload, "spec.podManagementPolicy")).as(name).isEqualTo("Parallel");
                List<Map<String, Object>> claims = Yamls.maps(Yamls.at(workload, "spec.volumeClaimTemplates"));
                assertThat(claims).as(name).hasSize(1);
                assertThat(Yamls.string(claims.get(0), "metadata.name")).isEqualTo("state");
                assertThat(Yamls.at(claims.get(0), "spec.resources.requests.storage")).isNotNull();

                Map<String, Object> container = container(workload);
                assertThat(mounts(container)).containsEntry("state", Repo.STATE_DIR).containsEntry("tmp", "/tmp");
                assertThat(envValue(container, "SPRING_KAFKA_STREAMS_STATE_DIR")).isEqualTo(Repo.STATE_DIR);
                assertThat((Integer) Yamls.at(workload, "spec.template.spec.terminationGracePeriodSeconds"))
                        .as(name).isGreaterThanOrEqualTo(60);

                String governing = Yamls.string(workload, "spec.serviceName");
                Map<String, Object> headless = manifest.get("Service", governing);
                assertThat(Yamls.string(headless, "spec.clusterIP")).isEqualTo("None");
                assertThat(Yamls.mapAt(headless, "spec.selector"))
                        .isEqualTo(Yamls.mapAt(workload, "spec.selector.matchLabels"));
                Map<String, Object> service = manifest.get("Service", name);
                assertThat(Yamls.mapAt(service, "spec.selector")).isEqualTo(Yamls.mapAt(workload, "spec.selector.matchLabels"));
                assertThat(Yamls.maps(Yamls.at(service, "spec.ports"))).extracting(p -> p.get("port"))
                        .as("the API's Service serves the API only").containsExactly(Repo.serverPort(module));
                Map<String, Object> management = manifest.get("Service", name + "-management");
                assertThat(Yamls.mapAt(management, "spec.selector"))
                        .isEqualTo(Yamls.mapAt(workload, "spec.selector.matchLabels"));
                assertThat(Yamls.maps(Yamls.at(management, "spec.ports"))).extracting(p -> p.get("port"))
                        .containsExactly(Repo.managementPort(module));
            }
        }
    }

    @Test
    void podsRunAsNonRootOnAReadOnlyRootFilesystemWithAWritableTmp() {
        for (Manifest manifest : List.of(defaults, production)) {
            for (Map<String, Object> workload : manifest.workloads()) {
                Map<String, Object> pod = Yamls.mapAt(workload, "spec.template.spec");
                assertThat(Yamls.at(pod, "securityContext.runAsNonRoot")).isEqualTo(true);
                assertThat((Integer) Yamls.at(pod, "securityContext.runAsUser")).isGreaterThan(0);
                assertThat(Yamls.at(pod, "securityContext.fsGroup")).isNotNull();
                Map<String, Object> container = container(workload);
                assertThat(Yamls.at(container, "securityContext.readOnlyRootFilesystem")).isEqualTo(true);
                assertThat(Yamls.at(container, "securityContext.allowPrivilegeEscalation")).isEqualTo(false);
                assertThat(Yamls.list(Yamls.at(container, "securityContext.capabilities.drop"))).containsExactly("ALL");
                assertThat(Yamls.maps(pod.get("volumes"))).anySatisfy(v -> {
                    assertThat(v.get("name")).isEqualTo("tmp");
                    assertThat(v).containsKey("emptyDir");
                });
            }
        }
        Map<String, Object> job = production.ofKind("Job").get(0);
        assertThat(Yamls.at(job, "spec.template.spec.securityContext.runAsNonRoot")).isEqualTo(true);
        assertThat(Yamls.at(container(job), "securityContext.readOnlyRootFilesystem")).isEqualTo(true);
    }

    @Test
    void staticMembershipAndApplicationServerComeFromThePodThroughTheDownwardApi() {
        for (Manifest manifest : List.of(defaults, production)) {
            for (String module : modules) {
                Map<String, Object> container = container(manifest.workload(module));
                assertThat(Yamls.string(env(container, "POD_NAME"), "valueFrom.fieldRef.fieldPath")).isEqualTo("metadata.name");
                assertThat(Yamls.string(env(container, "POD_IP"), "valueFrom.fieldRef.fieldPath")).isEqualTo("status.podIP");
                assertThat(envValue(container, "SPRING_KAFKA_STREAMS_PROPERTIES_GROUP_INSTANCE_ID")).isEqualTo("$(POD_NAME)");
                assertThat(envValue(container, "SPRING_KAFKA_STREAMS_PROPERTIES_APPLICATION_SERVER"))
                        .isEqualTo("$(POD_IP):" + Repo.serverPort(module));
                // Kubernetes expands $(VAR) only from variables defined earlier in the list
                assertThat(envIndex(container, "POD_NAME"))
                        .isLessThan(envIndex(container, "SPRING_KAFKA_STREAMS_PROPERTIES_GROUP_INSTANCE_ID"));
                assertThat(envIndex(container, "POD_IP"))
                        .isLessThan(envIndex(container, "SPRING_KAFKA_STREAMS_PROPERTIES_APPLICATION_SERVER"));
            }
        }
    }

    @Test
    void everyWorkloadHasADisruptionBudgetSelectingItsPods() {
        for (Manifest manifest : List.of(defaults, production)) {
            assertThat(manifest.ofKind("PodDisruptionBudget")).hasSameSizeAs(manifest.workloads());
            for (Map<String, Object> workload : manifest.workloads()) {
                Map<String, Object> pdb = manifest.get("PodDisruptionBudget", Yamls.string(workload, "metadata.name"));
                assertThat(Yamls.mapAt(pdb, "spec.selector.matchLabels"))
                        .isEqualTo(Yamls.mapAt(workload, "spec.selector.matchLabels"));
                assertThat(Yamls.mapAt(workload, "spec.template.metadata.labels"))
                        .containsAllEntriesOf(Yamls.mapAt(pdb, "spec.selector.matchLabels"));
                assertThat(Yamls.at(pdb, "spec.maxUnavailable")).isEqualTo(1);
            }
        }
    }

    @Test
    void productionValuesTakeSaslSslCredentialsAndTheTruststoreFromSecrets() {
        for (String module : modules) {
            Map<String, Object> workload = production.workload(module);
            Map<String, Object> container = container(workload);
            assertThat(envValue(container, "SPRING_KAFKA_SECURITY_PROTOCOL")).isEqualTo("SASL_SSL");
            assertThat(envValue(container, "SPRING_KAFKA_PROPERTIES_SASL_MECHANISM")).isEqualTo("SCRAM-SHA-512");
            Map<String, Object> jaas = env(container, "SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG");
            assertThat(jaas).doesNotContainKey("value");
            assertThat(Yamls.string(jaas, "valueFrom.secretKeyRef.name")).isEqualTo("shopstream-kafka-sasl");
            assertThat(Yamls.string(jaas, "valueFrom.secretKeyRef.key")).isEqualTo("sasl.jaas.config");
            assertThat(Yamls.string(env(container, "SPRING_KAFKA_SSL_TRUST_STORE_PASSWORD"), "valueFrom.secretKeyRef.name"))
                    .isEqualTo("shopstream-kafka-tls");
            assertThat(envValue(container, "SPRING_KAFKA_SSL_TRUST_STORE_LOCATION"))
                    .isEqualTo("file:/etc/shopstream/kafka-tls/truststore.p12");
            assertThat(mounts(container)).containsEntry("kafka-tls", "/etc/shopstream/kafka-tls");
            assertThat(Yamls.maps(Yamls.at(workload, "spec.template.spec.volumes")))
                    .anySatisfy(v -> assertThat(Yamls.string(v, "secret.secretName")).isEqualTo("shopstream-kafka-tls"));
            assertThat(envValue(container, "SPRING_KAFKA_STREAMS_PROPERTIES_NUM_STANDBY_REPLICAS")).isEqualTo("1");
            // no secret material in the rendered manifests
            assertThat(Yamls.dump(workload)).doesNotContain("password=").doesNotContain("ScramLoginModule");
        }
        for (String module : modules) {
            Map<String, Object> container = container(defaults.workload(module));
            assertThat(envValue(container, "SPRING_KAFKA_SECURITY_PROTOCOL")).isEqualTo("PLAINTEXT");
            assertThat(env(container, "SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG")).isNull();
            assertThat(env(container, "SPRING_KAFKA_STREAMS_PROPERTIES_NUM_STANDBY_REPLICAS")).isNull();
        }
    }

    @Test
    void serviceMonitorScrapesEveryServicesActuatorOnlyWhenEnabled() {
        assertThat(defaults.ofKind("ServiceMonitor")).isEmpty();
        Map<String, Object> monitor = production.ofKind("ServiceMonitor").get(0);
        List<Map<String, Object>> endpoints = Yamls.maps(Yamls.at(monitor, "spec.endpoints"));
        assertThat(endpoints).singleElement().satisfies(e -> {
            assertThat(e.get("port")).isEqualTo("management");
            assertThat(e.get("path")).isEqualTo("/actuator/prometheus");
        });
        Map<String, Object> selector = Yamls.mapAt(monitor, "spec.selector.matchLabels");
        List<String> selected = production.ofKind("Service").stream()
                .filter(s -> Yamls.mapAt(s, "metadata.labels").entrySet().containsAll(selector.entrySet()))
                .map(s -> Yamls.string(s, "metadata.name"))
                .toList();
        assertThat(selected).containsExactlyInAnyOrderElementsOf(
                modules.stream().map(m -> "shopstream-" + m + "-management").toList());
        // and each selected Service has the port the endpoint names, on the container's management port
        for (String module : modules) {
            Map<String, Object> service = production.ofKind("Service").stream()
                    .filter(s -> Yamls.string(s, "metadata.name").equals("shopstream-" + module + "-management"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Yamls.maps(Yamls.at(service, "spec.ports"))).as(module)
                    .anySatisfy(port -> {
                        assertThat(port.get("name")).isEqualTo("management");
                        assertThat(port.get("targetPort")).isIn("management", Repo.managementPort(module));
                    });
        }
    }

    @Test
    void topicJobRunsTheScriptWithTheContractsTopicListAndTheValues() {
        // what the script then creates is TopicCreationTest's
        Map<String, Object> job = production.ofKind("Job").get(0);
        Map<String, Object> container = container(job);
        assertThat(Yamls.string(container, "image")).isEqualTo("apache/kafka:" + System.getProperty("shopstream.kafka.version", "4.1.2"));
        assertThat(Yamls.list(container.get("command"))).containsExactly("/bin/bash", "-c");
        assertThat(Yamls.list(container.get("args"))).singleElement()
                .isEqualTo(Repo.read(FakeKafkaTopics.CREATE_TOPICS));
        assertThat(envValue(container, "TOPICS")).isEqualTo(Repo.read(FakeKafkaTopics.CONTRACT_TOPICS));
        assertThat(envValue(container, "PARTITIONS")).isEqualTo("12");
        assertThat(envValue(container, "PARTITIONS_BY_TOPIC")).isEqualTo("orders=12 payments=12");
        assertThat(envValue(container, "TOPIC_CONFIGS")).isEqualTo("min.insync.replicas=2");
        assertThat(envValue(container, "REPLICATION_FACTOR")).isEqualTo("3");
        assertThat(envValue(container, "BOOTSTRAP_SERVERS"))
                .isEqualTo(envValue(container(production.workload("orders-service")), "SPRING_KAFKA_BOOTSTRAP_SERVERS"));
        assertThat(Yamls.string(env(container, "SASL_JAAS_CONFIG"), "valueFrom.secretKeyRef.name")).isEqualTo("shopstream-kafka-sasl");
    }

    @Test
    void theTopicJobIsAHookByDefault() {
        // helm-java renders no hooks; the hook annotations are checked on the template source instead
        String template = Repo.read(Chart.DIR.resolve("templates").resolve("topics-job.yaml"));
        assertThat(template).contains("helm.sh/hook: pre-install,pre-upgrade");
        assertThat(Chart.values()).extracting(v -> Yamls.at(v, "topics.hook")).isEqualTo(true);
        assertThat(Chart.values()).extracting(v -> Yamls.at(v, "topics.enabled")).isEqualTo(false);
        assertThat(Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP, "topics.enabled", "true"))
                .ofKind("Job")).as("a hook is not part of the release manifest").isEmpty();
    }

    @Test
    void aDeploymentWithoutStaticMembershipKeepsItsStateOnAnEmptyDir() {
        Manifest manifest = Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP,
                "services.payments.kind", "Deployment", "services.payments.staticMembership", "false"));
        Map<String, Object> payments = manifest.workload("payments-service");
        assertThat(payments.get("kind")).isEqualTo("Deployment");
        assertThat(Yamls.at(payments, "spec.volumeClaimTemplates")).isNull();
        assertThat(Yamls.maps(Yamls.at(payments, "spec.template.spec.volumes")))
                .anySatisfy(v -> {
                    assertThat(v.get("name")).isEqualTo("state");
                    assertThat(v).containsKey("emptyDir");
                });
        assertThat(env(container(payments), "SPRING_KAFKA_STREAMS_PROPERTIES_GROUP_INSTANCE_ID")).isNull();
        assertThat(manifest.ofKind("StatefulSet")).hasSize(4);
        assertThat(manifest.ofKind("Service")).hasSize(14);
    }

    @Test
    void networkPoliciesOpenTheApiToTheClusterAndTheActuatorOnlyToTheMonitoringNamespace() {
        for (String module : modules) {
            Map<String, Object> workload = defaults.workload(module);
            Map<String, Object> policy = defaults.get("NetworkPolicy", Yamls.string(workload, "metadata.name"));
            assertThat(Yamls.mapAt(policy, "spec.podSelector.matchLabels"))
                    .isEqualTo(Yamls.mapAt(workload, "spec.selector.matchLabels"));
            assertThat(Yamls.list(Yamls.at(policy, "spec.policyTypes"))).containsExactly("Ingress");
            List<Map<String, Object>> rules = Yamls.maps(Yamls.at(policy, "spec.ingress"));
            assertThat(rules).hasSize(2);
            assertThat(Yamls.maps(rules.get(0).get("ports"))).extracting(p -> p.get("port")).containsExactly("http");
            assertThat(Yamls.maps(rules.get(0).get("from"))).containsExactly(Map.of("namespaceSelector", Map.of()));
            assertThat(Yamls.maps(rules.get(1).get("ports"))).extracting(p -> p.get("port"))
                    .containsExactly("management");
            assertThat(Yamls.maps(rules.get(1).get("from"))).containsExactly(Map.of("namespaceSelector",
                    Map.of("matchLabels", Map.of("kubernetes.io/metadata.name", "monitoring"))));
        }
        assertThat(Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP, "networkPolicy.enabled", "false"))
                .ofKind("NetworkPolicy")).isEmpty();
    }

    @Test
    void theOperatorsPasswordComesFromAnExistingSecretOnly() {
        assertThat(env(container(defaults.workload("orders-service")), "SHOPSTREAM_MANAGEMENT_PASSWORD"))
                .as("no operator in the default values: nobody sees the health details").isNull();
        Manifest manifest = Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP,
                "operator.existingSecret", "shopstream-operator"));
        for (String module : modules) {
            Map<String, Object> password = env(container(manifest.workload(module)),
                    "SHOPSTREAM_MANAGEMENT_PASSWORD");
            assertThat(Yamls.string(password, "valueFrom.secretKeyRef.name")).as(module)
                    .isEqualTo("shopstream-operator");
            assertThat(envValue(container(manifest.workload(module)), "SHOPSTREAM_MANAGEMENT_USERNAME"))
                    .isEqualTo("operator");
        }
    }

    @Test
    void paymentsWebhookSecretsComeFromAnExistingSecretOnly() {
        assertThat(env(container(defaults.workload("payments-service")), "SHOPSTREAM_PAYMENTS_WEBHOOKSECRETS"))
                .as("no secret in the default values").isNull();
        Manifest manifest = Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP,
                "services.payments.webhookSecrets.existingSecret", "payments-webhooks"));
        Map<String, Object> secret = env(container(manifest.workload("payments-service")),
                "SHOPSTREAM_PAYMENTS_WEBHOOKSECRETS");
        assertThat(Yamls.string(secret, "valueFrom.secretKeyRef.name")).isEqualTo("payments-webhooks");
        assertThat(Yamls.string(secret, "valueFrom.secretKeyRef.key")).isEqualTo("webhook-secrets");
        assertThat(env(container(manifest.workload("orders-service")), "SHOPSTREAM_PAYMENTS_WEBHOOKSECRETS"))
                .isNull();
    }

    @Test
    void imagesAreTheRegistrysServiceImagesAtTheProjectVersion() {
        String version = System.getProperty("shopstream.project.version");
        for (String module : modules) {
            assertThat(Yamls.string(container(defaults.workload(module)), "image"))
                    .isEqualTo("localhost:5000/shopstream/" + module + ":" + (version == null ? "0.1.0-SNAPSHOT" : version));
            // the production example pins no tag of its own: the version the build made, never one it did not
            assertThat(Yamls.string(container(production.workload(module)), "image"))
                    .isEqualTo("registry.example.com/shopstream/" + module + ":"
                            + (version == null ? "0.1.0-SNAPSHOT" : version));
        }
        Map<String, Object> chart = Yamls.map(Yamls.load(Repo.read(Chart.DIR.resolve("Chart.yaml"))));
        if (version != null) {
            assertThat(chart.get("appVersion")).as("Chart.yaml appVersion = the project version (the images' tag)")
                    .isEqualTo(version);
        }
    }

    /** Every value of values.yaml has a "## @param" line: the value itself or a mapping above it. */
    @Test
    void everyValueIsDocumented() {
        String text = Repo.read(Chart.VALUES);
        List<String> documented = new ArrayList<>();
        Matcher param = Pattern.compile("(?m)^\\s*## @param (\\S+) \\S").matcher(text);
        while (param.find()) {
            documented.add(param.group(1));
        }
        List<String> leaves = new ArrayList<>();
        collectLeaves("", Chart.values(), leaves);
        List<String> undocumented = leaves.stream()
                .filter(leaf -> documented.stream().noneMatch(d -> leaf.equals(d) || leaf.startsWith(d + ".")))
                .toList();
        assertThat(undocumented).as("values without a ## @param line").isEmpty();
        List<String> stale = documented.stream().filter(d -> !leaves.contains(d) && leaves.stream().noneMatch(l -> l.startsWith(d + ".")))
                .toList();
        assertThat(stale).as("## @param lines without a value").isEmpty();
    }

    private static void collectLeaves(String prefix, Map<String, Object> map, List<String> leaves) {
        map.forEach((key, value) -> {
            String path = prefix.isEmpty() ? key : prefix + "." + key;
            if (value instanceof Map<?, ?> child && !child.isEmpty()) {
                collectLeaves(path, Yamls.map(child), leaves);
            } else {
                leaves.add(path);
            }
        });
    }

    private static Map<String, Object> mounts(Map<String, Object> container) {
        Map<String, Object> mounts = new LinkedHashMap<>();
        Yamls.maps(container.get("volumeMounts")).forEach(m -> mounts.put((String) m.get("name"), m.get("mountPath")));
        return mounts;
    }

    private static Map<String, Integer> kindCounts(Manifest manifest) {
        Map<String, Integer> counts = new TreeMap<>();
        manifest.objects().forEach(o -> counts.merge((String) o.get("kind"), 1, Integer::sum));
        return counts;
    }
}
