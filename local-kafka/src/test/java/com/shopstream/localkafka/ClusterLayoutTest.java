package com.shopstream.localkafka;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.shopstream.localkafka.ClusterLayout.Node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ClusterLayoutTest {

    @Test
    void nodeIListensTwoPortsAboveNodeIMinusOne() {
        ClusterLayout layout = ClusterLayout.of("127.0.0.1", 3, 9092, 9093);

        assertThat(layout.nodes()).containsExactly(new Node(1, 9092, 9093), new Node(2, 9094, 9095),
                new Node(3, 9096, 9097));
        assertThat(layout.bootstrapServers()).isEqualTo("127.0.0.1:9092,127.0.0.1:9094,127.0.0.1:9096");
        assertThat(layout.voters()).isEqualTo("1@127.0.0.1:9093,2@127.0.0.1:9095,3@127.0.0.1:9097");
    }

    @Test
    void portsOfZeroBecomeARunOfFreePortsBelowTheEphemeralRange() {
        ClusterLayout zeros = ClusterLayout.of("127.0.0.1", 3, 0, 0);

        ClusterLayout layout = zeros.withFreePorts();

        int first = layout.node(1).port();
        assertThat(layout.nodes()).containsExactly(new Node(1, first, first + 1), new Node(2, first + 2, first + 3),
                new Node(3, first + 4, first + 5));
        assertThat(first).isBetween(10_000, Ports.ephemeralLow() - 6);
        assertThat(layout.clusterId()).isEqualTo(zeros.clusterId());
    }

    @Test
    void portsThatOverlapAreRefused() {
        // node 1's controller port would be node 2's client port
        assertThatIllegalArgumentException().isThrownBy(() -> ClusterLayout.of("127.0.0.1", 2, 9092, 9094))
                .withMessageContaining("the nodes' ports must all differ")
                .withMessageContaining("at least 4 apart");
    }

    @Test
    void threeCopiesFromThreeNodesAndAWriteWaitsForTwo() {
        assertThat(List.of(1, 2, 3, 5)).map(n -> ClusterLayout.of("h", n, 1000, 2000))
                .extracting(ClusterLayout::replicationFactor, ClusterLayout::minInsyncReplicas)
                .containsExactly(org.assertj.core.groups.Tuple.tuple((short) 1, 1),
                        org.assertj.core.groups.Tuple.tuple((short) 2, 1),
                        org.assertj.core.groups.Tuple.tuple((short) 3, 2),
                        org.assertj.core.groups.Tuple.tuple((short) 3, 2));
    }

    @Test
    void aLayoutReadsBackAsWritten(@TempDir Path dir) {
        ClusterLayout layout = ClusterLayout.of("localhost", 3, 19092, 19093);

        layout.write(dir);

        assertThat(ClusterLayout.read(dir)).contains(layout);
        assertThat(ClusterLayout.read(dir.resolve("elsewhere"))).isEmpty();
    }

    @Test
    void aDamagedFileIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(ClusterLayout.file(dir), "brokers=3\ncluster.id=abc\nhost=h\nnode.1.port=1\n");

        assertThatIllegalStateException().isThrownBy(() -> ClusterLayout.read(dir))
                .withMessageStartingWith(ClusterLayout.file(dir) + " is damaged");
    }

    @Test
    void aNodeTheClusterHasNotIsRefusedNamingTheNodes() {
        assertThatIllegalArgumentException().isThrownBy(() -> ClusterLayout.of("h", 3, 1000, 2000).node(4))
                .withMessage("--node must be one of the cluster's nodes 1 to 3, got 4");
    }
}
