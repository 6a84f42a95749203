package com.shopstream.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** local-kafka as a process: a real broker that can be stopped and started again on the same data and port. */
public final class BrokerProcess extends JavaProcess {

    private final int port;
    private final Path dataDir;

    private BrokerProcess(Path jar, List<String> arguments, Path log, int port, Path dataDir) {
        super("local-kafka", jar, List.of("-Xmx512m", "-XX:+UseSerialGC"), arguments, log);
        this.port = port;
        this.dataDir = dataDir;
    }

    /** A broker with the contract's topics, {@code partitions} each, on free ports. */
    public static BrokerProcess of(Path workDir, int partitions) {
        int port = ListenPorts.next();
        int controller = ListenPorts.next();
        Path dataDir = workDir.resolve("kafka");
        return new BrokerProcess(Repository.jar("local-kafka"), List.of("--port", Integer.toString(port),
                "--controller-port", Integer.toString(controller), "--data-dir", dataDir.toString(),
                "--partitions", Integer.toString(partitions)), workDir.resolve("logs").resolve("local-kafka.log"),
                port, dataDir);
    }

    @Override
    public BrokerProcess start() {
        super.start();
        return this;
    }

    /** Starts it and waits for its ready line (all topics exist). */
    public BrokerProcess startReady() {
        int readyLines = countReadyLines();
        start();
        Await.until("local-kafka to be ready (see " + log() + ")", Duration.ofSeconds(90), () -> {
            if (!isAlive()) {
                throw exited("exited");
            }
            return countReadyLines() > readyLines;
        });
        return this;
    }

    private int countReadyLines() {
        try {
            return java.nio.file.Files.exists(log()) ? (int) java.nio.file.Files.readAllLines(log()).stream()
                    .filter(l -> l.startsWith("local-kafka ready")).count() : 0;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    public Path dataDir() {
        return dataDir;
    }
}
