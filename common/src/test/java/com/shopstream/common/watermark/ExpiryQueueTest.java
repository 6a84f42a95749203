package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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

        queue.remove(10, "1");
        queue.remove(11, "2");   // no such entry: nothing changes
        assertThat(queue.removeUpTo(Long.MAX_VALUE)).containsExactly(new ExpiryQueue.Entry<>(10, "2"));
    }

    @Test
    void clearForgetsEveryEntry() {
        queue.add(10, "1");
        queue.add(20, "2");
        queue.clear();
        assertThat(queue.removeUpTo(Long.MAX_VALUE)).isEqualTo(List.of());
    }
}
