package com.shopstream.suite;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.writebehind.BeforeCommit;
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
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.processor.api.Processor;
import org.junit.jupiter.api.Test;

/**
 * Kafka Streams keeps a task's punctuations when it suspends and resumes the task, or revives it, and initializes the
 * same processors again: a processor that does not cancel in {@code close} what its {@code init} scheduled
 * punctuates once more per period after every such restart. Stated here for common and the five services.
 */
class PunctuationRulesTest {

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
        classes().that().implement(Processor.class).and(callPunctuations("schedule"))
                .should(callInClose("cancelAll")).check(CLASSES);
    }

    private static DescribedPredicate<JavaClass> callPunctuations(String method) {
        return DescribedPredicate.describe("call Punctuations." + method,
                type -> callsOf(type.getMethodCallsFromSelf(), method));
    }

    private static ArchCondition<JavaClass> callInClose(String method) {
        return new ArchCondition<>("call Punctuations." + method + " in close()") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                boolean cancels = type.tryGetMethod("close")
                        .map(close -> callsOf(close.getMethodCallsFromSelf(), method)).orElse(false);
                events.add(new SimpleConditionEvent(type, cancels,
                        type.getName() + (cancels ? " cancels" : " does not cancel") + " its punctuations in close()"));
            }
        };
    }

    private static boolean callsOf(Set<JavaMethodCall> calls, String method) {
        return calls.stream().anyMatch(call -> call.getName().equals(method)
                && call.getTargetOwner().isEquivalentTo(Punctuations.class));
    }
}
