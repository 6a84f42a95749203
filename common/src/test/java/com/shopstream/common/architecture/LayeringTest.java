package com.shopstream.common.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The layering of the event-time rules and of common, stated so that it stays: the rules know nothing of Kafka or
 * Spring; common's packages form no cycle and each looks only down; Spring lives in {@code boot} alone.
 *
 * <pre>
 *   boot                 Spring Boot support: auto-configuration, properties, health, metrics, console
 *   runtime              what a service's handlers and processors share (StreamsRuntime, StreamsDefaults)
 *   watermark            the event-time steps on Kafka Streams: source step, frontier tracker, late routing
 *   errors               dead letters
 *   progress             per-query figures
 *   streams              Kafka Streams helpers: stores, names, shared objects
 *   writebehind          the write-behind speed-up: rows written once per commit, or at once on the plain path
 *   model json serde time  the events, their JSON and binary forms, broker time
 *   com.shopstream.eventtime  the rules (module event-time)
 * </pre>
 */
class LayeringTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.shopstream.common", "com.shopstream.eventtime");

    @Test
    void theRulesKnowNothingOfKafkaSpringJsonOrCommon() {
        noClasses().that().resideInAPackage("com.shopstream.eventtime..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..", "org.springframework..",
                        "tools.jackson..", "com.fasterxml.jackson..", "com.shopstream.common..")
                .check(CLASSES);
    }

    @Test
    void commonsPackagesFormNoCycle() {
        slices().matching("com.shopstream.common.(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void eachLayerLooksOnlyDown() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("boot").definedBy("com.shopstream.common.boot..")
                .layer("runtime").definedBy("com.shopstream.common.runtime..")
                .layer("watermark").definedBy("com.shopstream.common.watermark..")
                .layer("errors").definedBy("com.shopstream.common.errors..")
                .layer("progress").definedBy("com.shopstream.common.progress..")
                .layer("streams").definedBy("com.shopstream.common.streams..")
                .layer("writebehind").definedBy("com.shopstream.common.writebehind..")
                .layer("events").definedBy("com.shopstream.common.model..", "com.shopstream.common.json..",
                        "com.shopstream.common.serde..", "com.shopstream.common.time..")
                .layer("rules").definedBy("com.shopstream.eventtime..")
                .whereLayer("boot").mayNotBeAccessedByAnyLayer()
                .whereLayer("runtime").mayOnlyBeAccessedByLayers("boot")
                .whereLayer("watermark").mayOnlyBeAccessedByLayers("runtime", "boot")
                .whereLayer("errors").mayOnlyBeAccessedByLayers("runtime", "boot")
                .whereLayer("progress").mayOnlyBeAccessedByLayers("watermark", "errors", "runtime", "boot")
                .whereLayer("streams").mayOnlyBeAccessedByLayers("progress", "watermark", "errors", "runtime",
                        "boot")
                .whereLayer("writebehind").mayOnlyBeAccessedByLayers("watermark", "runtime", "boot")
                .whereLayer("events").mayOnlyBeAccessedByLayers("streams", "writebehind", "progress", "watermark",
                        "errors", "runtime", "boot")
                .check(CLASSES);
    }

    @Test
    void springLivesInBootAlone() {
        noClasses().that().resideOutsideOfPackage("com.shopstream.common.boot..")
                .should().dependOnClassesThat().resideInAPackage("org.springframework..")
                .check(CLASSES);
    }

    /** Public Kafka Streams APIs only: an upgrade of Kafka Streams may change anything under {@code internals}. */
    @Test
    void noClassTouchesKafkaStreamsInternals() {
        Set<String> users = new TreeSet<>();
        for (JavaClass type : CLASSES) {
            for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                if (dependency.getTargetClass().getPackageName().startsWith("org.apache.kafka.streams")
                        && dependency.getTargetClass().getPackageName().contains(".internals")) {
                    users.add(type.getName().replaceFirst("\\$.*", ""));
                }
            }
        }
        assertThat(users).isEmpty();
    }
}
