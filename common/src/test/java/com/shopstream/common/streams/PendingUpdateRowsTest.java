package com.shopstream.common.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PendingUpdateRowsTest {

    private record Id(long customer, long start) {
    }

    private final PendingUpdateRows<Id, String> rows = new PendingUpdateRows<>();

    @Test
    void theNewestRowOfEachKeyIsWrittenInTheOrderTheKeysWereFirstHeld() {
        rows.hold(new Id(7, 100), "7@100 v1");
        rows.hold(new Id(3, 100), "3@100 v1");
        rows.hold(new Id(7, 100), "7@100 v2");

        assertThat(writeAll()).containsExactly("7@100 v2", "3@100 v1");
        assertThat(writeAll()).as("nothing held after a write").isEmpty();
    }

    @Test
    void aTakenRowIsNotWrittenAgain() {
        rows.hold(new Id(7, 100), "7@100");
        rows.hold(new Id(7, 200), "7@200");

        assertThat(rows.take(new Id(7, 100))).contains("7@100");
        assertThat(rows.take(new Id(7, 100))).isEmpty();
        assertThat(rows.holds(new Id(7, 100))).isFalse();
        assertThat(rows.holds(new Id(7, 200))).isTrue();
        assertThat(writeAll()).containsExactly("7@200");
    }

    @Test
    void clearForgetsWhatWasHeld() {
        rows.hold(new Id(7, 100), "7@100");
        rows.clear();

        assertThat(writeAll()).isEmpty();
    }

    private List<String> writeAll() {
        List<String> written = new ArrayList<>();
        rows.writeAll(written::add);
        return written;
    }
}
