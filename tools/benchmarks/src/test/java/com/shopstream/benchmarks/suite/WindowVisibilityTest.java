package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WindowVisibilityTest {

    private static final long W1 = 0;
    private static final long W2 = 300_000;

    @Test
    void aCountMakesTheFirstOrdersSentIntoItsWindowVisible() {
        WindowVisibility visibility = new WindowVisibility();
        visibility.sent(W1, 100, true);
        visibility.sent(W2, 110, true);
        visibility.sent(W1, 120, true);
        visibility.sent(W1, 130, true);

        visibility.seen(W1, 2, 1_000);  // the first two orders of W1
        visibility.seen(W1, 2, 2_000);  // the same count again: nothing new
        visibility.seen(W2, 1, 3_000);
        visibility.seen(W1, 3, 4_000);

        assertThat(visibility.sentCount()).isEqualTo(4);
        assertThat(visibility.seenCount()).isEqualTo(4);
        Percentiles latencies = visibility.latencies();
        assertThat(latencies.at(25)).isEqualTo(880);    // 1000 - 120
        assertThat(latencies.at(50)).isEqualTo(900);    // 1000 - 100
        assertThat(latencies.max()).isEqualTo(3_870);   // 4000 - 130
    }

    @Test
    void warmUpOrdersCountInTheRankButNotInTheLatencies() {
        WindowVisibility visibility = new WindowVisibility();
        visibility.sent(W1, 100, false);
        visibility.sent(W1, 200, true);

        visibility.seen(W1, 1, 1_000);
        assertThat(visibility.seenCount()).isZero();
        visibility.seen(W1, 2, 1_500);

        assertThat(visibility.sentCount()).isEqualTo(1);
        assertThat(visibility.latencies().max()).isEqualTo(1_300);
    }

    @Test
    void countsOfUnknownWindowsAndBeyondWhatWasSentAreIgnored() {
        WindowVisibility visibility = new WindowVisibility();
        visibility.sent(W1, 100, true);

        visibility.seen(W2, 5, 1_000);
        visibility.seen(W1, 9, 1_000); // a count including orders of an earlier run

        assertThat(visibility.seenCount()).isEqualTo(1);
    }
}
