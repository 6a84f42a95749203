package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ExpiryQueueTest {

    private final ExpiryQueue<String> queue = new ExpiryQueue<>();

    @Test
    void removesWhatExpiresAtOrBeforeTheBoundOldestFirstThenByKey() {
        queue.add(30, "7");
        queue.add(10, "9");
        queue.add(20, "12");
        queue.add(20, "11");

        assertThat(queue.removeUpTo(20)).containsExactly(new ExpiryQueue.Entry<>(10, "9"),
                new ExpiryQueue.Entry<>(20, "11"), new ExpiryQueue.Entry<>(20, "12"));
        assertThat(queue.removeUpTo(29)).isEmpty();
        assertThat(queue.removeUpTo(30)).containsExactly(new ExpiryQueue.Entry<>(30, "7"));
        assertThat(queue.size()).isZero();
    }

    @Test
    void pollsOneEntryAtATimeWhileTheOldestIsDue() {
        queue.add(20, "2");
        queue.add(10, "1");

        assertThat(queue.pollUpTo(9)).isNull();
        assertThat(queue.pollUpTo(20)).isEqualTo(new ExpiryQueue.Entry<>(10, "1"));
        assertThat(queue.pollUpTo(19)).as("the next is not due yet").isNull();
        assertThat(queue.pollUpTo(20)).isEqualTo(new ExpiryQueue.Entry<>(20, "2"));
        assertThat(queue.pollUpTo(Long.MAX_VALUE)).isNull();
    }

    @Test
    void anEntryIsASetMember() {
        queue.add(10, "1");
        queue.add(10, "1");
        queue.add(10, "2");
        assertThat(queue.size()).as("added twice, kept once").isEqualTo(2);

        assertThat(queue.contains(10, "1")).isTrue();
        assertThat(queue.contains(11, "1")).as("the same key, another time").isFalse();

        queue.remove(10, "1");
        queue.remove(11, "2");   // no such entry: nothing changes
        assertThat(queue.contains(10, "1")).isFalse();
        assertThat(queue.removeUpTo(Long.MAX_VALUE)).containsExactly(new ExpiryQueue.Entry<>(10, "2"));
    }

    @Test
    void clearForgetsEveryEntry() {
        queue.add(10, "1");
        queue.add(20, "2");
        queue.clear();
        assertThat(queue.removeUpTo(Long.MAX_VALUE)).isEqualTo(List.of());
    }

    @Test
    void anEntryRemovedAndAddedAgainBeforeItsTimeIsPolledOnce() {
        queue.add(10, "1");
        queue.add(20, "2");
        queue.remove(10, "1");
        assertThat(queue.size()).isEqualTo(1);
        assertThat(queue.pollUpTo(15)).as("removed: passed over").isNull();

        queue.add(30, "3");
        queue.remove(30, "3");
        queue.add(30, "3");
        assertThat(queue.size()).isEqualTo(2);
        assertThat(queue.removeUpTo(Long.MAX_VALUE)).containsExactly(new ExpiryQueue.Entry<>(20, "2"),
                new ExpiryQueue.Entry<>(30, "3"));
        assertThat(queue.size()).isZero();
    }

    /**
     * The sessions' use, at random (seeded): entries added ahead of a rising watermark, some removed, all that are due
     * polled at each move of the watermark. Every poll and size is what a sorted set of the entries gives.
     */
    @Test
    void givesWhatASortedSetOfItsEntriesGives() {
        Random random = new Random(46);
        TreeSet<ExpiryQueue.Entry<String>> model = new TreeSet<>();
        List<ExpiryQueue.Entry<String>> added = new ArrayList<>();
        long watermark = 0;
        for (int step = 0; step < 200_000; step++) {
            int action = random.nextInt(10);
            if (action < 5) {
                ExpiryQueue.Entry<String> entry = new ExpiryQueue.Entry<>(watermark + random.nextInt(500),
                        Integer.toString(random.nextInt(300)));
                queue.add(entry.expiresAt(), entry.key());
                model.add(entry);
                added.add(entry);
            } else if (action < 8 && !added.isEmpty()) {
                // one of the latest: most of those are still queued
                ExpiryQueue.Entry<String> entry = added.get(added.size() - 1
                        - random.nextInt(Math.min(added.size(), 1_000)));
                queue.remove(entry.expiresAt(), entry.key());
                model.remove(entry);
            } else {
                // the watermark moves: everything due is taken, one entry at a time, as the sessions take it
                watermark += random.nextInt(20);
                ExpiryQueue.Entry<String> expected;
                do {
                    expected = !model.isEmpty() && model.first().expiresAt() <= watermark ? model.pollFirst() : null;
                    assertThat(queue.pollUpTo(watermark)).as("step %d", step).isEqualTo(expected);
                } while (expected != null);
            }
            assertThat(queue.size()).as("step %d", step).isEqualTo(model.size());
        }
        assertThat(queue.removeUpTo(Long.MAX_VALUE)).containsExactlyElementsOf(model);
    }
}
