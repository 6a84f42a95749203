package com.shopstream.join.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A side's copies go when the watermark passes their event time plus what the side keeps them for, oldest first; the
 * order they go in is built again from the store alone when the task starts again.
 */
class JoinStateTest {

    private static final long BOUND = 300_000;

    private KeyValueStore<Bytes, byte[]> store;

    @BeforeEach
    void setUp() {
        MockProcessorContext<Object, Object> context =
                new MockProcessorContext<>(TestStreams.forDriver("join-service").properties());
        store = MockStores.keyValue(context, "copies", Serdes.Bytes(), Serdes.ByteArray());
    }

    @Test
    void copiesExpireOldestFirstAtTheirEventTimePlusTheBound() {
        JoinState orders = new JoinState(store, BOUND);
        orders.add(order(3, 10), 0);
        orders.add(order(1, 20), 1);
        orders.add(order(2, 10), 0);
        orders.add(order(2, 10), 0);   // a second copy of the same order and time

        assertThat(orders.pollUpTo(at(10) + BOUND - 1)).isNull();
        assertThat(ids(orders, at(10) + BOUND)).containsExactly(2L, 2L, 3L);
        assertThat(ids(orders, at(20) + BOUND)).containsExactly(1L);
        assertThat(orders.size()).isZero();
        assertThat(store.approximateNumEntries()).isZero();
    }

    @Test
    void aCopyTakenLeavesTheOthersDueKeptInTheStoreAndQueued() {
        JoinState orders = new JoinState(store, BOUND);
        orders.add(order(1, 10), 0);
        orders.add(order(2, 10), 0);
        orders.add(order(3, 10), 0);

        // the processor writes each one's row before it takes the next: should that throw, the rest stay kept
        assertThat(orders.pollUpTo(at(10) + BOUND).event().orderId()).isEqualTo(1L);
        assertThat(store.approximateNumEntries()).isEqualTo(2);
        assertThat(orders.size()).isEqualTo(2);

        orders.dropUpTo(at(10) + BOUND);
        assertThat(store.approximateNumEntries()).isZero();
        assertThat(orders.size()).isZero();
    }

    @Test
    void aStartOnTheStoreExpiresWhatTheLastRunKeptInTheSameOrder() {
        JoinState before = new JoinState(store, 0);
        before.add(payment(5, 30), 1);
        before.add(payment(4, 30), 1);
        before.add(payment(6, -10), 1);   // before 1970: expiry times below zero order as times too

        JoinState restarted = new JoinState(store, 0);
        assertThat(restarted.size()).isEqualTo(3);
        assertThat(ids(restarted, at(30))).containsExactly(6L, 4L, 5L);
    }

    @Test
    void aCopyCountsItsMatchesAndKeepsItsNote() {
        JoinState orders = new JoinState(store, BOUND);
        Bytes key = orders.add(order(1, 10), 0);
        orders.add(order(2, 10), 0, at(7));   // a late order, refused by its partition's watermark at 7 s

        for (int match = 0; match < JoinState.MOST_MATCHES + 3; match++) {
            orders.matchedAgain(key, orders.find(1, at(10), at(10)).get(0).value);
        }
        JoinState.Kept counted = orders.find(1, at(0), at(20)).get(0).value;
        JoinState.Kept noted = orders.find(2, at(0), at(20)).get(0).value;

        assertThat(counted.matches()).as("counted up to the most a byte holds").isEqualTo(JoinState.MOST_MATCHES);
        assertThat(store.get(key)[0]).as("the flag a release before the count reads: matched").isEqualTo((byte) 1);
        assertThat(counted.note()).isEqualTo(JoinState.NO_NOTE);
        assertThat(noted.matches()).isZero();
        assertThat(noted.note()).isEqualTo(at(7));
        assertThat(noted.event()).isEqualTo(order(2, 10));
    }

    @Test
    void aCopyWrittenBeforeTheReconciliationReadsAsMatchedOnceOrNot() {
        // the form of 2026-12-06: a flag byte (1: matched) and the event, no note
        JoinState before = new JoinState(store, BOUND);
        Bytes key = before.add(order(1, 10), 0);
        byte[] value = store.get(key);
        value[0] = 1;
        store.put(key, value);

        JoinState.Kept kept = new JoinState(store, BOUND).find(1, at(10), at(10)).get(0).value;
        assertThat(kept.matches()).isEqualTo(1);
        assertThat(kept.note()).isEqualTo(JoinState.NO_NOTE);
        assertThat(kept.event()).isEqualTo(order(1, 10));
    }

    /** The order ids of the copies taken, one at a time, up to {@code upTo}, in the order they came. */
    private static List<Long> ids(JoinState state, long upTo) {
        List<Long> ids = new ArrayList<>();
        for (JoinState.Kept kept = state.pollUpTo(upTo); kept != null; kept = state.pollUpTo(upTo)) {
            ids.add(kept.event().orderId());
        }
        return ids;
    }

    private static Order order(long id, int second) {
        return new Order(id, 1, BigDecimal.ONE, Instant.ofEpochMilli(at(second)));
    }

    private static Payment payment(long orderId, int second) {
        return new Payment("p" + orderId, orderId, BigDecimal.ONE, Instant.ofEpochMilli(at(second)));
    }

    private static long at(int second) {
        return second * 1_000L;
    }
}
