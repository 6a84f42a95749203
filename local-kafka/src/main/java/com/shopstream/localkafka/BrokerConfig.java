package com.shopstream.localkafka;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * The server.properties of a local node: both broker and KRaft controller. Alone, it is tuned so that everything a
 * multi-broker cluster would refuse on one node (replication factors, min ISR) works, including the transactions of
 * exactly-once Kafka Streams; in a cluster of three or more, every topic, internal ones included, keeps three copies
 * and a write waits for two, as in production.
 */
final class BrokerConfig {

    /** The id of the single node, and of the first node of a cluster. */
    static final int NODE_ID = 1;
    static final String CLIENT_LISTENER = "PLAINTEXT";
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    /** Kafka's defaults (50) make the first consumer group and the first transaction slow to start here. */
    private static final int INTERNAL_TOPIC_PARTITIONS = 5;

    private BrokerConfig() {
    }

    /** The single node's: {@code port} and {@code controllerPort} already resolved (not 0). */
    static Properties properties(String host, int port, int controllerPort, Path dataDir, int partitions) {
        ClusterLayout single = new ClusterLayout("", host, List.of(new ClusterLayout.Node(NODE_ID, port, controllerPort)));
        return properties(single, NODE_ID, dataDir, partitions);
    }

    /**
     * Node {@code nodeId} of {@code layout}, whose ports are resolved (not 0): clients must be told them, and the
     * voter set names every controller port.
     */
    static Properties properties(ClusterLayout layout, int nodeId, Path dataDir, int partitions) {
        String host = layout.host();
        int port = layout.node(nodeId).port();
        int controllerPort = layout.node(nodeId).controllerPort();
        String copies = String.valueOf(layout.replicationFactor());
        String minInsync = String.valueOf(layout.minInsyncReplicas());
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(nodeId));
        // A static voter set (kraft.version 0) rather than a formatted dynamic one: the controller ports live in
        // the config, not in the data dir, so a single node's restart may use other ports than its first start.
        p.put("controller.quorum.voters", layout.voters());
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("listeners", CLIENT_LISTENER + "://" + host + ":" + port + "," + CONTROLLER_LISTENER + "://" + host + ":" + controllerPort);
        p.put("advertised.listeners", CLIENT_LISTENER + "://" + host + ":" + port);
        p.put("inter.broker.listener.name", CLIENT_LISTENER);
        p.put("listener.security.protocol.map", CLIENT_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        p.put("log.dirs", dataDir.toString());

        // Alone, every internal topic has a single replica and transactions must not wait for a second one; in a
        // cluster the defaults also reach the topics Kafka Streams creates (its replication.factor -1 means them).
        p.put("offsets.topic.replication.factor", copies);
        p.put("offsets.topic.num.partitions", String.valueOf(INTERNAL_TOPIC_PARTITIONS));
        p.put("transaction.state.log.replication.factor", copies);
        p.put("transaction.state.log.min.isr", minInsync);
        p.put("transaction.state.log.num.partitions", String.valueOf(INTERNAL_TOPIC_PARTITIONS));
        p.put("share.coordinator.state.topic.replication.factor", copies);
        p.put("share.coordinator.state.topic.min.isr", minInsync);
        p.put("share.coordinator.state.topic.num.partitions", String.valueOf(INTERNAL_TOPIC_PARTITIONS));
        p.put("default.replication.factor", copies);
        p.put("min.insync.replicas", minInsync);

        // Consumer groups and Kafka Streams start without the 3 s wait meant for members joining one by one.
        p.put("group.initial.rebalance.delay.ms", "0");
        // A mistyped topic name must fail loudly instead of silently creating a new topic.
        p.put("auto.create.topics.enable", "false");
        p.put("num.partitions", String.valueOf(partitions));

        // Kafka's default cleaner buffer (128 MiB, allocated at start) is sized for production; the changelogs
        // of a laptop run need a fraction of it.
        p.put("log.cleaner.dedupe.buffer.size", String.valueOf(16 * 1024 * 1024));
        return p;
    }
}
