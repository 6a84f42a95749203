package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.shopstream.deploy.Repo.Xml;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * Jib (images without a Docker engine): configured once in the root pom's pluginManagement, never bound to a phase,
 * skipped unless a service enables it, and each service's image declares the service's ports.
 */
class JibConfigTest {

    private static final String JIB = "jib-maven-plugin";

    @Test
    void theRootPomManagesJibWithoutRunningIt() {
        Element managed = Xml.plugin(Xml.path(Repo.rootPom().getDocumentElement(), "build/pluginManagement/plugins"), JIB);
        assertThat(managed).as("root pom pluginManagement has " + JIB).isNotNull();
        assertThat(Xml.text(managed, "groupId")).isEqualTo("com.google.cloud.tools");
        assertThat(Xml.text(managed, "version")).isEqualTo("3.5.2");
        assertThat(Xml.child(managed, "executions")).as("no execution: a normal build never runs jib").isNull();
        assertThat(Xml.text(managed, "configuration/skip")).isEqualTo("true");
        assertThat(Xml.text(managed, "configuration/from/image")).isEqualTo("eclipse-temurin:17-jre");
        assertThat(Xml.text(managed, "configuration/to/image")).isEqualTo("${image.registry}/${project.artifactId}:${project.version}");
        assertThat(Xml.text(managed, "configuration/container/user")).isEqualTo("10001:10001");
        assertThat(Xml.text(managed, "configuration/container/environment/SPRING_KAFKA_STREAMS_STATE_DIR")).isEqualTo(Repo.STATE_DIR);
        // as an environment variable, like docker/Dockerfile's, so that the chart's javaOpts replace it
        assertThat(Xml.text(managed, "configuration/container/environment/JAVA_TOOL_OPTIONS")).contains("-XX:MaxRAMPercentage=");
        assertThat(Xml.child(Xml.path(managed, "configuration"), "container").getElementsByTagName("jvmFlags").getLength()).isZero();
        assertThat(Xml.plugin(Xml.path(Repo.rootPom().getDocumentElement(), "build/plugins"), JIB))
                .as("jib is not a plugin of every module").isNull();
    }

    @Test
    void everyServiceEnablesJibWithItsPorts() {
        for (String module : Repo.serviceModules()) {
            Element jib = Xml.plugin(Xml.path(Repo.pom(module).getDocumentElement(), "build/plugins"), JIB);
            assertThat(jib).as(module + " pom has a " + JIB + " entry").isNotNull();
            assertThat(Xml.child(jib, "version")).as(module + ": the version comes from pluginManagement").isNull();
            assertThat(Xml.child(jib, "executions")).as(module).isNull();
            assertThat(Xml.text(jib, "configuration/skip")).as(module).isEqualTo("false");
            List<String> ports = Xml.children(Xml.path(jib, "configuration/container/ports"), "port").stream()
                    .map(Element::getTextContent).map(String::strip).toList();
            assertThat(ports).as(module).containsExactly(String.valueOf(Repo.serverPort(module)),
                    String.valueOf(Repo.managementPort(module)));
            assertThat(Xml.text(jib, "configuration/container/environment/MANAGEMENT_SERVER_PORT")).as(module)
                    .isEqualTo(String.valueOf(Repo.managementPort(module)));
        }
    }

    @Test
    void deployChecksIsBuiltAfterTheServices() {
        List<String> modules = Xml.children(Xml.child(Repo.rootPom().getDocumentElement(), "modules"), "module").stream()
                .map(Element::getTextContent).map(String::strip).toList();
        assertThat(modules).contains("tests/deploy-checks");
        List<String> dependencies = Xml.children(Xml.path(Repo.pom("tests/deploy-checks").getDocumentElement(), "dependencies"), "dependency")
                .stream().filter(d -> "pom".equals(Xml.text(d, "type"))).map(d -> Xml.text(d, "artifactId")).toList();
        assertThat(dependencies).as("deploy-checks depends on every service's POM (build order)")
                .containsExactlyInAnyOrderElementsOf(Repo.serviceModules());
    }
}
