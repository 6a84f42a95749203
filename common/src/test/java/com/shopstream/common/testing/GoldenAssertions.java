package com.shopstream.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.scenario.ExpectationChecks;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.TopicCheck;
import com.shopstream.scenario.TopicRow;
import java.util.List;

/** Asserts that what a topology wrote agrees with a checkpoint of {@code shop-expected.json} ({@link ExpectationChecks}). */
public final class GoldenAssertions {

    private GoldenAssertions() {
    }

    /** An append topic: the exact multiset of (key, value), order aside. */
    public static void assertFinal(Checkpoint checkpoint, String topic, List<OutputRecord> actual) {
        agree(checkpoint, ExpectationChecks.finalRows(checkpoint, topic, rows(actual)));
    }

    /** An update topic: the last value of each key (a tombstone removes the key). */
    public static void assertLatest(Checkpoint checkpoint, String topic, List<OutputRecord> actual) {
        agree(checkpoint, ExpectationChecks.latestValues(checkpoint, topic, rows(actual)));
    }

    /** A late topic: the order ids it holds, allowing the ones the checkpoint says it may also hold. */
    public static void assertLate(Checkpoint checkpoint, String topic, List<OutputRecord> actual) {
        agree(checkpoint, ExpectationChecks.lateIds(checkpoint, topic, rows(actual)));
    }

    private static void agree(Checkpoint checkpoint, TopicCheck check) {
        assertThat(check.agrees())
                .withFailMessage(() -> check.describe() + "\nafter seq " + checkpoint.afterSeq() + ": "
                        + checkpoint.why())
                .isTrue();
    }

    private static List<TopicRow> rows(List<OutputRecord> records) {
        return records.stream().map(OutputRecord::row).toList();
    }
}
