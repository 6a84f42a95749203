package com.shopstream.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * local-kafka as a process: a real broker, or a cluster of node processes ({@code --brokers N}), that can be stopped
 * and started again on the same data and ports; a cluster's nodes also one by one ({@link #node}).
 */
public final class BrokerProcess extends JavaProcess {

    private static final List<String> JVM = List.of("-Xmx512m", "-XX:+UseSerialGC");

    private final int firstPort;
    private final int brokers;
    private final Path dataDir;
    private final List<KafkaNode> nodes;

    private BrokerProcess(Path jar, List<String> arguments, Path workDir, int firstPort, int brokers, Path dataDir) {
        super("local-kafka", jar, JVM, arguments, workDir.resolve("logs").resolve("local-kafka.log"));
        this.firstPort = firstPort;
        this.brokers = brokers;
        this.dataDir = dataDir;
        this.nodes = IntStream.rangeClosed(1, brokers).mapToObj(id -> new KafkaNode(id, jar, JVM, dataDir,
                workDir.resolve("logs"))).toList();
    }

    /** A broker with the contract's topics, {@code partitions} each, on free ports. */
    public static BrokerProcess of(Path workDir, int partitions) {
        return of(workDir, partitions, 1);
    }

    /**
     * {@code brokers} nodes with the contract's topics, {@code partitions} each, on free ports: node {@code i} on the
     * client port {@code first + 2(i-1)} and the controller port after it.
     */
    public static BrokerProcess of(Path workDir, int partitions, int brokers) {
        int first = brokers == 1 ? ListenPorts.next() : ListenPorts.nextRun(2 * brokers);
        int controller = brokers == 1 ? ListenPorts.next() : first + 1;
        Path dataDir = workDir.resolve("kafka");
        List<String> arguments = new ArrayList<>(List.of("--port", Integer.toString(first),
                "--controller-port", Integer.toString(controller), "--data-dir", dataDir.toString(),
                "--partitions", Integer.toString(partitions)));
        if (brokers > 1) {
            arguments.addAll(List.of("--brokers", Integer.toString(brokers)));
        }
        return new BrokerProcess(Repository.jar("local-kafka"), arguments, workDir, first, brokers, dataDir);
    }

    @Override
    public BrokerProcess start() {
        super.start();
        return this;
    }

    /** Starts it and waits for its ready line (every node joined, all topics exist). */
    public BrokerProcess startReady() {
        int readyLines = countReadyLines();
        start();
        Await.until("local-kafka to be ready (see " + log() + ")", Duration.ofSeconds(90L * brokers), () -> {
            if (!isAlive()) {
                throw exited("exited");
            }
            return countReadyLines() > readyLines;
        });
        return this;
    }

    private int countReadyLines() {
        try {
            return Files.exists(log()) ? (int) Files.readAllLines(log()).stream()
                    .filter(l -> l.startsWith("local-kafka ready")).count() : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every node's address: a client reaches the cluster whichever nodes are down. */
    public String bootstrap() {
        return IntStream.range(0, brokers).mapToObj(i -> "127.0.0.1:" + (firstPort + 2 * i))
                .collect(Collectors.joining(","));
    }

    public Path dataDir() {
        return dataDir;
    }

    public int brokers() {
        return brokers;
    }

    /** Node {@code id} (from 1) of a cluster. */
    public KafkaNode node(int id) {
        return nodes.get(id - 1);
    }

    public List<KafkaNode> nodes() {
        return nodes;
    }

    /**
     * Stops the cluster command, which stops every node (SIGTERM); kills whatever node is left. Without this a killed
     * command would leave its nodes running.
     */
    @Override
    public void close() {
        if (brokers == 1) {
            super.close();
            return;
        }
        try {
            if (isAlive()) {
                stop(Duration.ofSeconds(90));
            }
        } finally {
            super.close();
            nodes.forEach(KafkaNode::close);
        }
    }
}
