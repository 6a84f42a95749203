package com.shopstream.localkafka;

import java.nio.file.Path;
import java.util.Properties;

/**
 * The server.properties of the local broker: one node that is both broker and KRaft controller, tuned so that
 * everything a multi-broker cluster would refuse on one node (replication factors, min ISR) works, including
 * the transactions of exactly-once Kafka Streams.
 */
final class BrokerConfig {

    static final int NODE_ID = 1;
    static final String CLIENT_LISTENER = "PLAINTEXT";
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    /** Kafka's defaults (50) make the first consumer group and the first transaction slow to start here. */
    private static final int INTERNAL_TOPIC_PARTITIONS = 5;

    private BrokerConfig() {
    }

    /**
     * @param port           the client port, already resolved (not 0), because clients must be told it
     * @param controllerPort the controller port, already resolved (not 0), because the voter set names it
     */
    static Properties properties(String host, int port, int controllerPort, Path dataDir, int partitions) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", String.valueOf(NODE_ID));
        // A static voter set (kraft.version 0) rather than a formatted dynamic one: the controller port lives
        // in the config, not in the data dir, so a restart may use other ports than the first start.
        p.put("controller.quorum.voters", NODE_ID + "@" + host + ":" + controllerPort);
        p.put("controller.listener.names", CONTROLLER_LISTENER);
        p.put("listeners", CLIENT_LISTENER + "://" + host + ":" + port + "," + CONTROLLER_LISTENER + "://" + host + ":" + controllerPort);
        p.put("advertised.listeners", CLIENT_LISTENER + "://" + host + ":" + port);
        p.put("inter.broker.listener.name", CLIENT_LISTENER);
        p.put("listener.security.protocol.map", CLIENT_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        p.put("log.dirs", dataDir.toString());

        // One node: every internal topic has a single replica, and transactions must not wait for a second one.
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", String.valueOf(INTERNAL_TOPIC_PARTITIONS));
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", String.valueOf(INTERNAL_TOPIC_PARTITIONS));
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("share.coordinator.state.topic.num.partitions", String.valueOf(INTERNAL_TOPIC_PARTITIONS));
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");

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
