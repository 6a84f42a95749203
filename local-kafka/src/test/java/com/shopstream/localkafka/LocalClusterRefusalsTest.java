package com.shopstream.localkafka;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** A data directory is one single broker's or one cluster's: every mix-up is refused before anything starts. */
class LocalClusterRefusalsTest {

    @TempDir
    Path dir;

    @Test
    void aClusterIsNotStartedAsASingleBroker() {
        ClusterLayout.of("127.0.0.1", 3, 0, 0).write(dir);

        assertThatIllegalStateException().isThrownBy(() -> LocalKafka.start(LocalKafkaOptions.forTests(dir, 1)))
                .withMessage("data directory " + dir.toAbsolutePath() + " holds a local cluster of 3 brokers; start it"
                        + " with --brokers 3, or one of its nodes with --node ID");
    }

    @Test
    void aClusterIsStartedWithItsOwnNumberOfBrokers() {
        ClusterLayout.of("127.0.0.1", 3, 0, 0).write(dir);

        assertThatIllegalStateException().isThrownBy(() -> new LocalCluster(LocalKafkaOptions.forTests(dir, 1)
                        .withBrokers(2)))
                .withMessage("data directory " + dir.toAbsolutePath() + " holds a cluster of 3 brokers, not 2; start it"
                        + " with --brokers 3, or choose another --data-dir");
    }

    @Test
    void aSingleBrokersDataDoesNotBecomeACluster() throws Exception {
        Files.writeString(dir.resolve(StorageFormatter.META_PROPERTIES), "node.id=1\n");

        assertThatIllegalStateException().isThrownBy(() -> new LocalCluster(LocalKafkaOptions.forTests(dir, 1)
                        .withBrokers(3)))
                .withMessageContaining("holds a single broker's data");
        assertThat(ClusterLayout.file(dir)).doesNotExist();
    }

    @Test
    void aClusterIsTheCommandsNotAnInProcessBrokers() {
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafka.start(LocalKafkaOptions.forTests(dir, 1)
                        .withBrokers(3)))
                .withMessageContaining("start it with the command, java -jar local-kafka.jar --brokers N");
        assertThat(dir.resolve(StorageFormatter.META_PROPERTIES)).doesNotExist();
    }

    @Test
    void aNodeNeedsAClusterAndOneOfItsIds() {
        assertThatIllegalStateException().isThrownBy(() -> LocalKafka.start(LocalKafkaOptions.forTests(dir, 1)
                        .withNode(1)))
                .withMessageContaining("holds no local cluster (no cluster.properties)");

        ClusterLayout.of("127.0.0.1", 3, 0, 0).write(dir);
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafka.start(LocalKafkaOptions.forTests(dir, 1)
                        .withNode(4)))
                .withMessage("--node must be one of the cluster's nodes 1 to 3, got 4");
        assertThat(ClusterLayout.nodeDir(dir, 4)).doesNotExist();
    }
}
