package com.shopstream.suite;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The five services' layering, stated so that it stays (common's own is common's {@code LayeringTest}): a topology is
 * a plain class that knows nothing of Spring, nor of its service's Spring side (properties, HTTP), and no service
 * touches Kafka Streams' internals.
 */
class ServiceLayeringTest {

    private static final String[] SERVICES = {"com.shopstream.orders", "com.shopstream.session",
            "com.shopstream.join", "com.shopstream.dedup", "com.shopstream.payments"};
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(SERVICES);

    @Test
    void aTopologyKnowsNothingOfSpring() {
        // nor through common's Spring Boot support, the runtime it wires, or the service's application class
        noClasses().that().resideInAPackage("com.shopstream.*.topology..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..",
                        "com.shopstream.common.boot..", "com.shopstream.common.runtime..")
                .orShould().dependOnClassesThat().haveSimpleNameEndingWith("ServiceApplication")
                .check(CLASSES);
    }

    @Test
    void aTopologyKnowsNothingOfItsServicesSpringSide() {
        noClasses().that().resideInAPackage("com.shopstream.*.topology..")
                .should().dependOnClassesThat().resideInAnyPackage("com.shopstream.*.config..",
                        "com.shopstream.*.query..", "com.shopstream.*.edge..")
                .check(CLASSES);
    }

    @Test
    void noServiceTouchesKafkaStreamsInternals() {
        noClasses().should().dependOnClassesThat().resideInAPackage("org.apache.kafka.streams..internals..")
                .check(CLASSES);
    }
}
