package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import com.shopstream.deploy.Dockerfile.ContextSource;
import org.junit.jupiter.api.Test;

/**
 * After `mvn package`: every source docker/Dockerfile COPYs from the build context exists for every service, and the
 * service jars are what the Dockerfile expects of them (Spring Boot's layered jar with the jarmode tools, the layers it
 * copies, the launcher its ENTRYPOINT starts, the port its EXPOSE is given).
 *
 * <p>Run by failsafe in the integration-test phase, so after this module's package phase; the services are packaged
 * before it because deploy-checks depends on their POMs (see pom.xml). A missing jar fails: it is exactly what
 * `docker build` would fail on.
 */
class DockerBuildContextIT {

    private static final List<String> LAYERS = List.of("dependencies", "spring-boot-loader", "snapshot-dependencies", "application");

    private final Dockerfile dockerfile = Dockerfile.read();

    @Test
    void everyCopySourceExistsForEveryService() {
        List<String> missing = new ArrayList<>();
        for (String module : Repo.serviceModules()) {
            for (ContextSource source : dockerfile.contextSources()) {
                Path path = Repo.root().resolve(source.forService(module));
                if (!path.toFile().exists()) {
                    missing.add(source.forService(module) + " (docker build --build-arg SERVICE=" + module + ")");
                }
            }
        }
        assertThat(missing).as("COPY sources missing after mvn package").isEmpty();
    }

    @Test
    void theServiceJarsAreLayeredBootJarsWithTheirPort() throws IOException {
        List<String> copiedLayers = dockerfile.inStage(dockerfile.finalStage(), "COPY").stream()
                .filter(c -> c.flag("from") != null)
                .map(c -> c.args().get(0).replaceAll("^/build/extracted/|/$", ""))
                .toList();
        assertThat(copiedLayers).containsExactlyElementsOf(LAYERS);
        for (String module : Repo.serviceModules()) {
            Path jar = Repo.path(module, "target", module + ".jar");
            assertThat(jar).as("run mvn package first").isRegularFile();
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                assertThat(layers(zip)).as(module + " BOOT-INF/layers.idx").containsExactlyElementsOf(LAYERS);
                assertThat(zip.getEntry("org/springframework/boot/loader/launch/JarLauncher.class"))
                        .as(module + ": the launcher the ENTRYPOINT starts").isNotNull();
                assertThat(zip.stream().map(ZipEntry::getName))
                        .as(module + ": -Djarmode=tools needs spring-boot-jarmode-tools")
                        .anyMatch(n -> n.matches("BOOT-INF/lib/spring-boot-jarmode-tools-.*\\.jar"));
                String config = "BOOT-INF/classes/" + Repo.configFile(module);
                assertThat(Repo.serverPort(jar.getFileName() + "!/" + config, read(zip, config)))
                        .as(module + " packaged server.port").isEqualTo(Repo.serverPort(module));
            }
        }
    }

    private static List<String> layers(ZipFile zip) throws IOException {
        List<String> layers = new ArrayList<>();
        for (String line : read(zip, "BOOT-INF/layers.idx").split("\n")) {
            if (line.startsWith("- \"")) {
                layers.add(line.substring(3, line.indexOf('"', 3)));
            }
        }
        return layers;
    }

    private static String read(ZipFile zip, String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        assertThat(entry).as(zip.getName() + " has " + name).isNotNull();
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
