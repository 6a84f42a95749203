package com.shopstream.localkafka;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.kafka.common.Uuid;

/**
 * Who the nodes of a local cluster are: their ids and ports, and the cluster id they were formatted with. Written once,
 * when a data directory first starts a cluster, to {@code <data-dir>/cluster.properties}: a node started alone again
 * ({@code --node ID}) must listen where the other nodes' static voter set says it does.
 *
 * @param clusterId the id every node's storage is formatted with
 * @param host      where every node listens and what it advertises
 * @param nodes     by id, from 1
 */
record ClusterLayout(String clusterId, String host, List<Node> nodes) {

    static final String FILE_NAME = "cluster.properties";
    /** A cluster with more nodes keeps three copies: what production runs, and what a laptop can afford. */
    static final int MAX_REPLICATION_FACTOR = 3;

    /** One node: its id ({@code node.id}), its client port and its controller port. */
    record Node(int id, int port, int controllerPort) {
    }

    ClusterLayout {
        nodes = List.copyOf(nodes);
        Set<Integer> ports = new HashSet<>();
        for (Node node : nodes) {
            // 0 is not a port yet: withFreePorts chooses them
            if (node.port() != 0 && !ports.add(node.port())
                    || node.controllerPort() != 0 && !ports.add(node.controllerPort())) {
                throw new IllegalArgumentException("the nodes' ports must all differ, but " + nodes + " repeat one;"
                        + " choose --port and --controller-port at least " + 2 * nodes.size() + " apart");
            }
        }
    }

    /**
     * The layout of a new cluster of {@code brokers} nodes: node {@code i} (from 1) listens on {@code port + 2(i-1)}
     * and {@code controllerPort + 2(i-1)}, so that the defaults 9092 and 9093 give 9092/9093, 9094/9095, 9096/9097.
     * Ports of 0 stay 0 here; {@link #withFreePorts} chooses free ones.
     */
    static ClusterLayout of(String host, int brokers, int port, int controllerPort) {
        List<Node> nodes = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            nodes.add(new Node(id, port == 0 ? 0 : port + 2 * (id - 1),
                    controllerPort == 0 ? 0 : controllerPort + 2 * (id - 1)));
        }
        return new ClusterLayout(Uuid.randomUuid().toString(), host, nodes);
    }

    /**
     * This layout with its ports checked to be free; if any is 0, all are chosen anew: a run of free ports below the
     * ephemeral range ({@link Ports#freeRun}), client and controller ports alternating.
     */
    ClusterLayout withFreePorts() {
        if (nodes.stream().anyMatch(n -> n.port() == 0 || n.controllerPort() == 0)) {
            int first = Ports.freeRun(host, 2 * nodes.size());
            return new ClusterLayout(clusterId, host, of(host, nodes.size(), first, first + 1).nodes());
        }
        int[] ports = new int[2 * nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            ports[2 * i] = nodes.get(i).port();
            ports[2 * i + 1] = nodes.get(i).controllerPort();
        }
        Ports.resolve(host, List.of("--port", "--controller-port"), ports);
        return this;
    }

    int brokers() {
        return nodes.size();
    }

    Node node(int id) {
        return nodes.stream().filter(n -> n.id() == id).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "--node must be one of the cluster's nodes 1 to " + nodes.size() + ", got " + id));
    }

    /** Every node's client address, comma-separated: what clients are given to bootstrap from. */
    String bootstrapServers() {
        return nodes.stream().map(n -> host + ":" + n.port()).collect(Collectors.joining(","));
    }

    /** The static KRaft voter set: every node is a controller too. */
    String voters() {
        return nodes.stream().map(n -> n.id() + "@" + host + ":" + n.controllerPort()).collect(Collectors.joining(","));
    }

    /** Every topic's copies: one per node up to {@value #MAX_REPLICATION_FACTOR}. */
    short replicationFactor() {
        return (short) Math.min(nodes.size(), MAX_REPLICATION_FACTOR);
    }

    /** With three copies a write waits for two: one node may be lost without losing an acknowledged record. */
    int minInsyncReplicas() {
        return replicationFactor() >= MAX_REPLICATION_FACTOR ? 2 : 1;
    }

    static Path file(Path dataDir) {
        return dataDir.resolve(FILE_NAME);
    }

    /** Where node {@code id} keeps its log and metadata. */
    static Path nodeDir(Path dataDir, int id) {
        return dataDir.resolve("node-" + id);
    }

    /** The process id of node {@code id}, written by the node when it starts. */
    static Path pidFile(Path dataDir, int id) {
        return dataDir.resolve("node-" + id + ".pid");
    }

    /** The output of node {@code id} when the cluster command started it. */
    static Path logFile(Path dataDir, int id) {
        return dataDir.resolve("node-" + id + ".log");
    }

    void write(Path dataDir) {
        Properties p = new Properties();
        p.setProperty("cluster.id", clusterId);
        p.setProperty("host", host);
        p.setProperty("brokers", String.valueOf(nodes.size()));
        for (Node node : nodes) {
            p.setProperty("node." + node.id() + ".port", String.valueOf(node.port()));
            p.setProperty("node." + node.id() + ".controller.port", String.valueOf(node.controllerPort()));
        }
        try (Writer out = Files.newBufferedWriter(file(dataDir))) {
            p.store(out, "local-kafka cluster: written at its first start, read by every node's start");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file(dataDir), e);
        }
    }

    /** The layout a data directory holds, if it holds a cluster. */
    static Optional<ClusterLayout> read(Path dataDir) {
        Path file = file(dataDir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        try {
            int brokers = Integer.parseInt(p.getProperty("brokers"));
            List<Node> nodes = new ArrayList<>();
            for (int id = 1; id <= brokers; id++) {
                nodes.add(new Node(id, Integer.parseInt(p.getProperty("node." + id + ".port")),
                        Integer.parseInt(p.getProperty("node." + id + ".controller.port"))));
            }
            return Optional.of(new ClusterLayout(required(p, "cluster.id"), required(p, "host"), nodes));
        } catch (RuntimeException e) {
            throw new IllegalStateException(file + " is damaged (" + e.getMessage() + "); it is written by local-kafka"
                    + " --brokers N on a new data directory, not by hand", e);
        }
    }

    private static String required(Properties p, String key) {
        String value = p.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("no " + key);
        }
        return value;
    }
}
