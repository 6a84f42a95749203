package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import com.shopstream.deploy.Dockerfile.ContextSource;
import com.shopstream.deploy.Dockerfile.DockerIgnore;
import com.shopstream.deploy.Dockerfile.Instruction;
import org.junit.jupiter.api.Test;

/**
 * docker/Dockerfile read statically (no Docker engine here): Temurin 17 JRE, Spring Boot's layered jar, non-root,
 * container-sized JVM, state on a volume, the ports docker-compose passes. Whether its COPY sources exist after
 * `mvn package` is DockerBuildContextIT's job.
 */
class DockerfileTest {

    private final Dockerfile dockerfile = Dockerfile.read();

    @Test
    void everyStageIsOnTheTemurin17Jre() {
        assertThat(dockerfile.stages()).isEqualTo(2);
        for (Instruction from : dockerfile.all("FROM")) {
            assertThat(dockerfile.baseImage(from)).isEqualTo("eclipse-temurin:17-jre");
        }
    }

    @Test
    void theBootJarIsSplitIntoItsLayersAndCopiedDependenciesFirst() {
        List<Instruction> runs = dockerfile.inStage(0, "RUN");
        assertThat(runs).anyMatch(r -> r.raw().contains("java -Djarmode=tools -jar app.jar extract --layers --launcher"));
        String stage = dockerfile.all("FROM").get(0).args().get(2);
        List<String> copied = dockerfile.inStage(dockerfile.finalStage(), "COPY").stream()
                .filter(c -> stage.equals(c.flag("from")))
                .map(c -> c.args().get(0))
                .toList();
        assertThat(copied).containsExactly("/build/extracted/dependencies/", "/build/extracted/spring-boot-loader/",
                "/build/extracted/snapshot-dependencies/", "/build/extracted/application/");
        assertThat(dockerfile.all("ENTRYPOINT")).singleElement()
                .satisfies(e -> assertThat(e.raw()).isEqualTo("[\"java\", \"org.springframework.boot.loader.launch.JarLauncher\"]"));
    }

    @Test
    void theServiceRunsAsANonRootUserWithAContainerSizedHeap() {
        List<Instruction> users = dockerfile.inStage(dockerfile.finalStage(), "USER");
        assertThat(users).isNotEmpty();
        String user = users.get(users.size() - 1).args().get(0);
        assertThat(user.split(":")[0]).isNotIn("0", "root").matches("[0-9]+");
        Map<String, String> env = dockerfile.env(dockerfile.finalStage());
        assertThat(env.get("JAVA_TOOL_OPTIONS")).contains("-XX:MaxRAMPercentage=");
    }

    @Test
    void kafkaStreamsStateLivesOnAVolume() {
        Map<String, String> env = dockerfile.env(dockerfile.finalStage());
        assertThat(env).containsEntry("SPRING_KAFKA_STREAMS_STATE_DIR", Repo.STATE_DIR);
        assertThat(dockerfile.inStage(dockerfile.finalStage(), "VOLUME"))
                .anyMatch(v -> v.raw().contains("\"" + Repo.STATE_DIR + "\""));
        assertThat(dockerfile.inStage(dockerfile.finalStage(), "RUN"))
                .anyMatch(r -> r.raw().contains("chown -R 10001:10001 /var/lib/shopstream"));
    }

    @Test
    void theAppAndManagementPortsComeFromBuildArgsAndAreExposed() {
        int last = dockerfile.finalStage();
        assertThat(dockerfile.args(last)).contains("SERVICE", "SERVER_PORT", "MANAGEMENT_PORT");
        assertThat(dockerfile.args(0)).contains("SERVICE");
        Map<String, String> env = dockerfile.env(last);
        assertThat(env).containsEntry("SERVER_PORT", "${SERVER_PORT}").containsEntry("MANAGEMENT_SERVER_PORT", "${MANAGEMENT_PORT}");
        assertThat(dockerfile.inStage(last, "EXPOSE")).singleElement()
                .satisfies(e -> assertThat(e.args()).containsExactly("${SERVER_PORT}", "${MANAGEMENT_PORT}"));
        assertThat(dockerfile.inStage(last, "HEALTHCHECK")).singleElement()
                .satisfies(h -> assertThat(h.raw()).contains("/usr/local/bin/shopstream-healthcheck", "/actuator/health/liveness"));
        // the health check script is what the image gets
        assertThat(dockerfile.contextSources()).contains(
                new ContextSource("docker/healthcheck.sh", "/usr/local/bin/shopstream-healthcheck"));
    }

    @Test
    void theBuildContextKeepsWhatCopyReadsAndLeavesTheRestOut() {
        DockerIgnore ignore = DockerIgnore.read();
        List<ContextSource> sources = dockerfile.contextSources();
        assertThat(sources).extracting(ContextSource::source)
                .containsExactly("${SERVICE}/target/${SERVICE}.jar", "docker/healthcheck.sh");
        for (String module : Repo.serviceModules()) {
            for (ContextSource source : sources) {
                assertThat(ignore.excludes(source.forService(module)))
                        .as(".dockerignore leaves %s out of the build context", source.forService(module)).isFalse();
            }
        }
        assertThat(ignore.excludes(".git/config")).isTrue();
        assertThat(ignore.excludes("orders-service/src/main/java/Foo.java")).isTrue();
        assertThat(ignore.excludes("orders-service/target/classes/application.yml")).isTrue();
        assertThat(ignore.excludes("run/kafka/meta.properties")).isTrue();
        assertThat(Repo.path("docker", "healthcheck.sh")).isRegularFile();
    }
}
