package com.shopstream.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.ShopExpectations.Checkpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Compares what a topology wrote with a checkpoint of {@code shop-expected.json}, exactly as that file defines it. */
public final class GoldenAssertions {

    private GoldenAssertions() {
    }

    /** An append topic: the exact multiset of (key, value), order aside. */
    public static void assertFinal(Checkpoint checkpoint, String topic, List<OutputRecord> actual) {
        List<String> expected = new ArrayList<>();
        checkpoint.finalRecords(topic).forEach(r -> expected.add(r.key() + " -> " + CanonicalJson.of(r.value())));
        List<String> got = new ArrayList<>();
        actual.forEach(r -> got.add(r.key() + " -> " + r.canonicalValue()));
        assertThat(got)
                .as("%s after seq %d (%s)", topic, checkpoint.afterSeq(), checkpoint.why())
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /** An update topic: the last value of each key (a tombstone removes the key). */
    public static void assertLatest(Checkpoint checkpoint, String topic, List<OutputRecord> actual) {
        Map<String, Object> latest = new LinkedHashMap<>();
        for (OutputRecord record : actual) {
            if (record.value() == null) {
                latest.remove(record.key());
            } else {
                latest.put(record.key(), record.canonicalValue());
            }
        }
        Map<String, Object> expected = new LinkedHashMap<>();
        checkpoint.latestValues(topic).forEach((key, value) -> expected.put(key, CanonicalJson.of(value)));
        assertThat(latest)
                .as("latest values of %s after seq %d", topic, checkpoint.afterSeq())
                .containsExactlyInAnyOrderEntriesOf(expected);
    }

    /** A late topic: the order ids it holds, allowing the ones the checkpoint says it may also hold. */
    public static void assertLate(Checkpoint checkpoint, String topic, List<OutputRecord> actual) {
        TreeSet<Long> ids = new TreeSet<>();
        actual.forEach(r -> ids.add(r.orderId()));
        ids.removeAll(checkpoint.lateMayAlsoHold(topic).stream()
                .filter(id -> !checkpoint.lateIds(topic).contains(id)).toList());
        assertThat(ids)
                .as("order ids in %s after seq %d", topic, checkpoint.afterSeq())
                .containsExactlyElementsOf(new TreeSet<>(checkpoint.lateIds(topic)));
    }
}
