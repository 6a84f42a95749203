package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.eventtime.InputPartition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

class ReportsToEveryPartitionTest {

    private static final Timed.Report<Order> REPORT =
            new Timed.Report<>(new InputPartition("orders", 0), 3, 1_000L, false, -1);

    @Test
    void aReportGoesToEveryPartitionAndAnEventWhereItsKeyPutsIt() {
        ReportsToEveryPartition<Order> partitioner = new ReportsToEveryPartition<>();

        assertThat(partitioner.partitions("t", "", REPORT, 3)).isEqualTo(Optional.of(Set.of(0, 1, 2)));
        assertThat(partitioner.partitions("t", "", REPORT, 2)).isEqualTo(Optional.of(Set.of(0, 1)));
        assertThat(partitioner.partitions("t", "7", new Timed.Event<>(null, new InputPartition("orders", 0), 3, 0, 0), 3)).isEmpty();
    }

    @Test
    void partialsGoToTheDestinationTheyWereMadeForOrWhereTheirGroupKeyPutsThem() {
        ReportsToEveryPartition<Order> partitioner = new ReportsToEveryPartition<>();
        InputPartition source = new InputPartition("orders", 0);

        assertThat(partitioner.partitions("t", "", new Timed.Partials<>(2, 3, source, 0, 1, new byte[0]), 3))
                .isEqualTo(Optional.of(Set.of(2)));
        assertThat(partitioner.partitions("t", "7", new Timed.Partials<>(-1, 0, source, 0, 1, new byte[0]), 3))
                .isEmpty();
        assertThatThrownBy(() -> partitioner.partitions("t", "", new Timed.Partials<>(2, 3, source, 0, 1,
                new byte[0]), 4))
                .isInstanceOf(StreamsException.class)
                .hasMessageContaining("partials for partition 2 of 3 cannot go to t, which has 4 partitions");
    }

    @Test
    void oneInstanceServesTheTasksOfEveryStreamThreadAtOnce() throws Exception {
        // Kafka Streams builds a sink's partitioner once, with the topology: every task on every stream thread calls
        // the same instance. With a HashMap cache, two threads' first reports at once threw a
        // ConcurrentModificationException out of computeIfAbsent (a dead letter in BrokerOutageTest with two threads)
        int rounds = 20_000;
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < rounds; round++) {
                ReportsToEveryPartition<Order> shared = new ReportsToEveryPartition<>();
                CyclicBarrier together = new CyclicBarrier(2);
                List<Future<Optional<Set<Integer>>>> calls = new ArrayList<>();
                for (int thread = 0; thread < 2; thread++) {
                    calls.add(threads.submit(() -> {
                        together.await(10, TimeUnit.SECONDS);
                        return shared.partitions("t", "", REPORT, 3);
                    }));
                }
                for (Future<Optional<Set<Integer>>> call : calls) {
                    assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo(Optional.of(Set.of(0, 1, 2)));
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
