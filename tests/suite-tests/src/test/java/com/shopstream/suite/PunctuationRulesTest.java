package com.shopstream.suite;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.common.writebehind.KeyValueState;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.processor.api.Processor;
import org.junit.jupiter.api.Test;

/**
 * Kafka Streams keeps a task's punctuations when it suspends and resumes the task, or revives it, and initializes the
 * same processors again: a processor that does not cancel in {@code close} what its {@code init} scheduled
 * punctuates once more per period after every such restart. Stated here for common and the five services: their
 * processors schedule through {@link Punctuations}, or write before each commit through {@link BeforeCommit} (or a
 * {@link KeyValueState}), and stop it in {@code close}.
 */
class PunctuationRulesTest {

    private static final DescribedPredicate<JavaClass> PROCESSORS = JavaClass.Predicates.implement(Processor.class)
            .or(JavaClass.Predicates.implement(FixedKeyProcessor.class));
    private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar.*");
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.matches(TEST_JAR))   // common's test helpers
            .importPackages("com.shopstream");

    @Test
    void onlyPunctuationsAndBeforeCommitScheduleOnTheContext() {
        noClasses().that().doNotBelongToAnyOf(Punctuations.class, BeforeCommit.class)
                .should().callMethodWhere(DescribedPredicate.describe("ProcessingContext.schedule",
                        (JavaMethodCall call) -> call.getName().equals("schedule")
                                && call.getTargetOwner().isAssignableTo(ProcessingContext.class)))
                .because("a schedule nobody cancels outlives the processor's close")
                .check(CLASSES);
    }

    @Test
    void aProcessorThatSchedulesCancelsInItsClose() {
        classes().that(PROCESSORS.and(calling(Punctuations.class, "schedule")))
                .should(callInClose(Punctuations.class, "cancelAll")).check(CLASSES);
    }

    @Test
    void aProcessorThatWritesBeforeEachCommitStopsItInItsClose() {
        classes().that(PROCESSORS.and(calling(BeforeCommit.class, "writeBeforeCommit")))
                .should(callInClose(BeforeCommit.class, "close")).check(CLASSES);
    }

    @Test
    void aProcessorWhoseStateWritesBeforeEachCommitClosesItInItsClose() {
        classes().that(PROCESSORS.and(calling(KeyValueState.class, "writeBeforeCommit")))
                .should(callInClose(KeyValueState.class, "close")).check(CLASSES);
    }

    private static DescribedPredicate<JavaClass> calling(Class<?> owner, String method) {
        return DescribedPredicate.describe("call " + owner.getSimpleName() + "." + method,
                type -> callsOf(type.getMethodCallsFromSelf(), owner, method));
    }

    private static ArchCondition<JavaClass> callInClose(Class<?> owner, String method) {
        String call = owner.getSimpleName() + "." + method;
        return new ArchCondition<>("call " + call + " in close()") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                boolean calls = type.tryGetMethod("close")
                        .map(close -> callsOf(close.getMethodCallsFromSelf(), owner, method)).orElse(false);
                events.add(new SimpleConditionEvent(type, calls,
                        type.getName() + (calls ? " calls " : " does not call ") + call + " in close()"));
            }
        };
    }

    private static boolean callsOf(Set<JavaMethodCall> calls, Class<?> owner, String method) {
        return calls.stream().anyMatch(call -> call.getName().equals(method)
                && call.getTargetOwner().isEquivalentTo(owner));
    }
}
