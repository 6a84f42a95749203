package com.shopstream.localkafka;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * A KRaft cluster of {@code --brokers N} nodes on this machine, each node (broker and controller) a process of its own,
 * so that one can be stopped, killed and started again ({@code --node ID}) while the others serve. This process starts
 * the nodes, waits until every one has joined, creates the contract topics with {@link ClusterLayout#replicationFactor}
 * copies, and stops every node, its own children or ones started again by hand, when it is stopped.
 */
final class LocalCluster implements LocalProcess {

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /** Each node's JVM: a local broker needs little heap, and the serial collector keeps the 2-core laptop free. */
    private static final List<String> NODE_JVM = List.of("-Xmx512m", "-XX:+UseSerialGC");

    private final LocalKafkaOptions options;
    private final Path dataDir;
    private final boolean formattedNow;
    private final ClusterLayout layout;
    private final DataDirLock lock;
    private final long createdNanos = System.nanoTime();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<Process> children = new ArrayList<>();
    private volatile ContractTopics.Result topics;
    private volatile Duration startupTime;

    LocalCluster(LocalKafkaOptions options) throws IOException {
        this.options = options;
        this.dataDir = options.dataDir().toAbsolutePath().normalize();
        Optional<ClusterLayout> existing = ClusterLayout.read(dataDir);
        if (existing.isEmpty()) {
            requireEmpty(dataDir);
        } else if (existing.get().brokers() != options.brokers()) {
            throw new IllegalStateException("data directory " + dataDir + " holds a cluster of "
                    + existing.get().brokers() + " brokers, not " + options.brokers() + "; start it with --brokers "
                    + existing.get().brokers() + ", or choose another --data-dir");
        }
        for (ClusterLayout.Node node : existing.map(ClusterLayout::nodes).orElse(List.of())) {
            runningNode(dataDir, node.id()).ifPresent(process -> {
                throw new IllegalStateException("node " + node.id() + " of the cluster in " + dataDir + " still runs"
                        + " (pid " + process.pid() + "); stop it first");
            });
        }
        this.lock = DataDirLock.acquire(dataDir);
        try {
            this.formattedNow = existing.isEmpty();
            this.layout = existing.orElseGet(() -> ClusterLayout.of(options.host(), options.brokers(), options.port(),
                    options.controllerPort()).withFreePorts());
            if (formattedNow) {
                layout.write(dataDir);
            }
        } catch (RuntimeException | Error e) {
            lock.close();
            throw e;
        }
    }

    /** Starts a cluster and returns once every node serves and, unless disabled, the contract topics exist. */
    static LocalCluster start(LocalKafkaOptions options) throws Exception {
        LocalCluster cluster = new LocalCluster(options);
        cluster.startup();
        return cluster;
    }

    @Override
    public void startup() throws Exception {
        try {
            for (ClusterLayout.Node node : layout.nodes()) {
                synchronized (children) {
                    // a stop (Ctrl-C) during the start must see every node started, and start no more
                    if (closed.get()) {
                        throw new IllegalStateException("stopped while starting");
                    }
                    children.add(startNode(node.id()));
                }
            }
            try (Admin admin = Admin.create(adminConfig())) {
                awaitAllNodes(admin);
                if (options.createTopics()) {
                    topics = ContractTopics.ensure(admin, options.partitions(), layout.replicationFactor(),
                            STARTUP_TIMEOUT);
                }
            }
            startupTime = Duration.ofNanos(System.nanoTime() - createdNanos);
        } catch (Exception | Error e) {
            stopAfterFailedStart(e);
            throw e;
        }
    }

    /** Node {@code id} as a process of its own: the same command, told to be that node. */
    private Process startNode(int id) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(NODE_JVM);
        command.addAll(thisProgram());
        command.addAll(List.of("--data-dir", dataDir.toString(), "--node", String.valueOf(id)));
        Path log = ClusterLayout.logFile(dataDir, id);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Redirect.appendTo(log.toFile()))
                .start();
    }

    /**
     * How this program was started: {@code -jar} for the packaged command (whose classes a plain class path does not
     * reach), the class path and main class otherwise (tests, an IDE).
     */
    private static List<String> thisProgram() {
        String classPath = System.getProperty("java.class.path");
        if (!classPath.contains(File.pathSeparator) && classPath.endsWith(".jar")) {
            return List.of("-jar", classPath);
        }
        return List.of("-cp", classPath, LocalKafka.class.getName());
    }

    private void awaitAllNodes(Admin admin) throws Exception {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (true) {
            for (int i = 0; i < children.size(); i++) {
                if (!children.get(i).isAlive()) {
                    int id = layout.nodes().get(i).id();
                    throw new IllegalStateException("node " + id + " exited with code " + children.get(i).exitValue()
                            + " before the cluster was ready; see " + ClusterLayout.logFile(dataDir, id));
                }
            }
            int nodes;
            try {
                // briefly: a node that died must be noticed above, not after a long wait here
                nodes = admin.describeCluster().nodes().get(2, TimeUnit.SECONDS).size();
            } catch (TimeoutException notYet) {
                nodes = 0;
            }
            if (nodes == layout.brokers()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(nodes + " of " + layout.brokers() + " nodes joined within "
                        + STARTUP_TIMEOUT.toSeconds() + " s; see the node logs in " + dataDir);
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
    }

    String bootstrapServers() {
        return layout.bootstrapServers();
    }

    ClusterLayout layout() {
        return layout;
    }

    boolean formattedNow() {
        return formattedNow;
    }

    @Override
    public Path dataDir() {
        return dataDir;
    }

    /** Every node's address, so that a client reaches the cluster whichever nodes are down. */
    @Override
    public String readyLine() {
        List<String> names = topics == null ? List.of() : topics.topics();
        int partitions = ContractTopics.coPartitions(topics, options.partitions());
        return String.format(Locale.ROOT, "local-kafka ready: bootstrap=%s data=%s topics=%d partitions=%d brokers=%d"
                        + " replication=%d min.insync.replicas=%d (started in %.1f s)", bootstrapServers(), dataDir,
                names.size(), partitions, layout.brokers(), layout.replicationFactor(), layout.minInsyncReplicas(),
                startupTime.toMillis() / 1000.0);
    }

    @Override
    public void awaitShutdown() {
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Asks every node to stop at once (SIGTERM), each from its pid file, so that a node started again by hand stops
     * too; a node that has not stopped within {@link #STOP_TIMEOUT} is killed. At once, not one by one: a node that
     * stops last would wait for a quorum that is gone. Even at once, a broker whose controlled shutdown has been granted
     * can go on calling a controller quorum that stopped first, until Kafka's own 5-minute shutdown timeout
     * (KAFKA-19905, likeliest with every node on one machine): that node is the one killed, and said so on stderr.
     */
    @Override
    public boolean closeOnce() {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        try {
            long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
            // again until none is left: a node started by hand may write its pid file while the others stop
            for (List<ProcessHandle> nodes = liveNodes(); !nodes.isEmpty(); nodes = liveNodes()) {
                nodes.forEach(ProcessHandle::destroy);
                for (ProcessHandle node : nodes) {
                    try {
                        node.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        node.destroyForcibly();
                    } catch (ExecutionException | TimeoutException e) {
                        System.err.println("local-kafka: a node (pid " + node.pid() + ") did not stop within "
                                + STOP_TIMEOUT.toSeconds() + " s of SIGTERM (a broker waiting for a controller quorum "
                                + "that stopped first, KAFKA-19905); killed. Its logs are recovered at its next start.");
                        node.destroyForcibly();
                        node.onExit().completeOnTimeout(node, 10, TimeUnit.SECONDS).join();
                        removePidFileOf(node);
                    }
                }
            }
        } finally {
            lock.release();
            stopped.countDown();
        }
        return true;
    }

    /** A killed node cannot remove its pid file as a stopped one does: the command does it for it. */
    private void removePidFileOf(ProcessHandle killed) {
        for (ClusterLayout.Node node : layout.nodes()) {
            Path pidFile = ClusterLayout.pidFile(dataDir, node.id());
            try {
                if (Files.exists(pidFile) && Files.readString(pidFile).trim().equals(Long.toString(killed.pid()))) {
                    Files.delete(pidFile);
                }
            } catch (IOException e) {
                System.err.println("local-kafka: could not remove " + pidFile + ": " + e.getMessage());
            }
        }
    }

    /** Every live node: this command's children and the processes the pid files name. */
    private List<ProcessHandle> liveNodes() {
        List<ProcessHandle> nodes = new ArrayList<>();
        for (ClusterLayout.Node node : layout.nodes()) {
            runningNode(dataDir, node.id()).ifPresent(nodes::add);
        }
        synchronized (children) {
            children.stream().map(Process::toHandle).filter(ProcessHandle::isAlive)
                    .filter(child -> !nodes.contains(child)).forEach(nodes::add);
        }
        return nodes;
    }

    /**
     * The live process a node's pid file names, if it is that node of this data directory: a pid of a process gone
     * may have been given to another, which must not be stopped.
     */
    static Optional<ProcessHandle> runningNode(Path dataDir, int id) {
        Path pidFile = ClusterLayout.pidFile(dataDir, id);
        try {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                    .filter(process -> isNode(arguments(process), dataDir, id));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * A process's command line: from {@code /proc} where there is one, since {@code ProcessHandle.Info} gives none
     * for a long command line (a class path) on Linux.
     */
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

    private static boolean isNode(List<String> args, Path dataDir, int id) {
        int node = args.indexOf("--node");
        int dir = args.indexOf("--data-dir");
        return node >= 0 && node + 1 < args.size() && args.get(node + 1).equals(String.valueOf(id)) && dir >= 0
                && dir + 1 < args.size() && Path.of(args.get(dir + 1)).toAbsolutePath().normalize().equals(dataDir);
    }

    private Map<String, Object> adminConfig() {
        return Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.CLIENT_ID_CONFIG, "local-kafka",
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) STARTUP_TIMEOUT.toMillis());
    }

    /** A new cluster goes into an empty directory only: scattering node directories among other files helps nobody. */
    private static void requireEmpty(Path dataDir) throws IOException {
        if (!Files.isDirectory(dataDir)) {
            return;
        }
        try (var entries = Files.list(dataDir)) {
            List<String> names = entries.map(p -> p.getFileName().toString())
                    .filter(name -> !name.equals(DataDirLock.FILE_NAME)).toList();
            if (names.contains(StorageFormatter.META_PROPERTIES)) {
                throw new IllegalStateException("data directory " + dataDir + " holds a single broker's data; start"
                        + " it without --brokers, or choose another --data-dir for a cluster");
            }
            if (!names.isEmpty()) {
                throw new IllegalStateException("data directory " + dataDir + " is not empty but has no "
                        + ClusterLayout.FILE_NAME + ", so it is not a local cluster's; choose another --data-dir or"
                        + " empty it");
            }
        }
    }
}
