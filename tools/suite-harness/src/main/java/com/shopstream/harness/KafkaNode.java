package com.shopstream.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One node of a local-kafka cluster: found by the process id it writes to {@code <data-dir>/node-<id>.pid}, whether the
 * cluster command started it or {@link #start} did; stopped cleanly, killed, and started again alone on its data.
 */
public final class KafkaNode implements AutoCloseable {

    private static final Duration READY = Duration.ofMinutes(2);

    private final int id;
    private final Path jar;
    private final List<String> jvmOptions;
    private final Path dataDir;
    private final Path logDir;
    private JavaProcess restarted;
    private int starts;

    KafkaNode(int id, Path jar, List<String> jvmOptions, Path dataDir, Path logDir) {
        this.id = id;
        this.jar = jar;
        this.jvmOptions = jvmOptions;
        this.dataDir = dataDir;
        this.logDir = logDir;
    }

    public int id() {
        return id;
    }

    /**
     * The running process of this node, if there is one: the process its pid file names, if that process is this node
     * (after a kill the pid may have been given to another process, which must not be stopped).
     */
    public Optional<ProcessHandle> process() {
        Path pidFile = dataDir.resolve("node-" + id + ".pid");
        try {
            return ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).filter(ProcessHandle::isAlive)
                    .filter(process -> isThisNode(arguments(process)));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** From {@code /proc} where there is one: {@code ProcessHandle.Info} gives no long command line on Linux. */
    private static List<String> arguments(ProcessHandle process) {
        try {
            // read to its end: procfs reports a size of 0
            try (var in = Files.newInputStream(Path.of("/proc", String.valueOf(process.pid()), "cmdline"))) {
                return List.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\0"));
            }
        } catch (IOException | RuntimeException e) {
            return process.info().arguments().map(List::of).orElse(List.of());
        }
    }

    private boolean isThisNode(List<String> args) {
        int node = args.indexOf("--node");
        int dir = args.indexOf("--data-dir");
        return node >= 0 && node + 1 < args.size() && args.get(node + 1).equals(Integer.toString(id)) && dir >= 0
                && dir + 1 < args.size() && Path.of(args.get(dir + 1)).toAbsolutePath().normalize()
                .equals(dataDir.toAbsolutePath().normalize());
    }

    public boolean isAlive() {
        return process().isPresent();
    }

    /** SIGTERM: the node leaves the cluster cleanly (its leaderships move first); waits until it has exited. */
    public void stop() {
        end(ProcessHandle::destroy);
    }

    /** SIGKILL: no controlled shutdown, no flush; waits until it is gone. */
    public void kill() {
        end(ProcessHandle::destroyForcibly);
    }

    private void end(java.util.function.Consumer<ProcessHandle> how) {
        ProcessHandle node = process().orElseThrow(() -> new IllegalStateException("node " + id + " is not running"));
        how.accept(node);
        try {
            node.onExit().get(READY.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("node " + id + " (pid " + node.pid() + ") did not exit", e);
        }
    }

    /** Starts the node again alone ({@code --node ID}) and waits until it serves; each start logs to a file of its own. */
    public KafkaNode start() {
        starts++;
        restarted = new JavaProcess("kafka-node-" + id, jar, jvmOptions,
                List.of("--data-dir", dataDir.toString(), "--node", Integer.toString(id)),
                logDir.resolve("kafka-node-" + id + "-start-" + starts + ".log")).start();
        restarted.awaitLog("^local-kafka node " + id + " ready", READY);
        return this;
    }

    /** Kills the node if it still runs (after a failed test). */
    @Override
    public void close() {
        process().ifPresent(ProcessHandle::destroyForcibly);
        if (restarted != null) {
            restarted.close();
        }
    }
}
