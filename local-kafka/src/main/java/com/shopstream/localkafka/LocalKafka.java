package com.shopstream.localkafka;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A single-node KRaft Kafka broker (broker and controller in one node) running in this JVM, with the contract's
 * topics; or, with {@code --node ID}, one node of a {@link LocalCluster}, without topics of its own. {@link #main} is
 * the {@code local-kafka.jar} command; {@link #start} is the same for tests.
 *
 * <pre>{@code
 * try (LocalKafka kafka = LocalKafka.start(LocalKafkaOptions.forTests(tempDir, 3))) {
 *     String bootstrap = kafka.bootstrapServers();
 * }
 * }</pre>
 */
public final class LocalKafka implements LocalProcess {

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final LocalKafkaOptions options;
    private final int port;
    private final int controllerPort;
    private final int nodeId;
    private final Path dataDir;
    /** A node of a cluster writes its process id here; a single broker writes none. */
    private final Path pidFile;
    private final boolean formattedNow;
    private final DataDirLock lock;
    private final KafkaRaftServer server;
    private final long createdNanos = System.nanoTime();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile ContractTopics.Result topics;
    private volatile Duration startupTime;

    private LocalKafka(LocalKafkaOptions options) throws Exception {
        this.options = options;
        if (options.brokers() > 1 && options.node() == 0) {
            throw new IllegalArgumentException("a cluster of " + options.brokers() + " brokers runs its nodes as"
                    + " processes of their own: start it with the command, java -jar local-kafka.jar --brokers N");
        }
        Path given = options.dataDir().toAbsolutePath().normalize();
        Optional<ClusterLayout> cluster = ClusterLayout.read(given);
        if (options.node() == 0 && cluster.isPresent()) {
            throw new IllegalStateException("data directory " + given + " holds a local cluster of "
                    + cluster.get().brokers() + " brokers; start it with --brokers " + cluster.get().brokers()
                    + ", or one of its nodes with --node ID");
        }
        if (options.node() != 0 && cluster.isEmpty()) {
            throw new IllegalStateException("data directory " + given + " holds no local cluster (no "
                    + ClusterLayout.FILE_NAME + "); --node restarts a node of one that local-kafka --brokers N started");
        }
        this.nodeId = options.node() == 0 ? BrokerConfig.NODE_ID : options.node();
        // an id the cluster has not fails here, naming its nodes, before anything is written
        cluster.ifPresent(c -> c.node(nodeId));
        this.dataDir = options.node() == 0 ? given : ClusterLayout.nodeDir(given, nodeId);
        this.pidFile = options.node() == 0 ? null : ClusterLayout.pidFile(given, nodeId);
        StorageFormatter.requireFormattedOrEmpty(dataDir);
        this.lock = DataDirLock.acquire(dataDir);
        try {
            ClusterLayout layout = cluster.isPresent() ? cluster.get() : single(options);
            this.port = layout.node(nodeId).port();
            this.controllerPort = layout.node(nodeId).controllerPort();
            if (cluster.isPresent()) {
                // a clear error if they are taken
                Ports.resolve(layout.host(), List.of("--port", "--controller-port"), port, controllerPort);
            }
            this.formattedNow = StorageFormatter.formatIfNeeded(dataDir, nodeId,
                    cluster.map(ClusterLayout::clusterId).orElseGet(() -> Uuid.randomUuid().toString()));
            Properties props = BrokerConfig.properties(layout, nodeId, dataDir, options.partitions());
            this.server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        } catch (Exception | Error e) {
            lock.close();
            throw e;
        }
    }

    /** The single node's layout, its ports of 0 turned into free ones. */
    private static ClusterLayout single(LocalKafkaOptions options) {
        int[] ports = Ports.resolve(options.host(), List.of("--port", "--controller-port"), options.port(),
                options.controllerPort());
        return new ClusterLayout("", options.host(), List.of(new ClusterLayout.Node(BrokerConfig.NODE_ID, ports[0],
                ports[1])));
    }

    /**
     * Starts the broker and returns once clients can use it and, unless disabled, the contract topics exist.
     * Formats {@code dataDir} first if it is new; otherwise the broker continues with the data it holds.
     */
    public static LocalKafka start(LocalKafkaOptions options) throws Exception {
        LocalKafka kafka = new LocalKafka(options);
        kafka.startup();
        return kafka;
    }

    @Override
    public void startup() throws Exception {
        try {
            if (pidFile != null) {
                Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
            }
            server.startup();
            try (Admin admin = Admin.create(adminConfig())) {
                // startup() returns once the broker is unfenced; asking it proves that clients can connect
                if (admin.describeCluster().nodes().get(STARTUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).isEmpty()) {
                    throw new IllegalStateException("the broker started but reports no nodes");
                }
                if (options.createTopics() && pidFile == null) { // a cluster's topics are the cluster command's
                    topics = ContractTopics.ensure(admin, options.partitions(), STARTUP_TIMEOUT);
                }
            }
            startupTime = Duration.ofNanos(System.nanoTime() - createdNanos);
        } catch (Exception | Error e) {
            stopAfterFailedStart(e);
            throw e;
        }
    }

    public String bootstrapServers() {
        return options.host() + ":" + port;
    }

    public String host() {
        return options.host();
    }

    public int port() {
        return port;
    }

    public int controllerPort() {
        return controllerPort;
    }

    /** Absolute: the data directory, or a node's own below it. */
    @Override
    public Path dataDir() {
        return dataDir;
    }

    /** True if this start formatted a new data directory, false if it continued an existing one. */
    public boolean formattedNow() {
        return formattedNow;
    }

    /** The contract topics this start ensured; empty if topic creation was disabled. */
    public List<String> topics() {
        return topics == null ? List.of() : topics.topics();
    }

    /**
     * The partition count of the co-partitioned inputs, which is what the services scale by. It can differ from
     * the requested one when the topics already existed; without topic creation it is the requested one.
     */
    public int partitions() {
        return ContractTopics.coPartitions(topics, options.partitions());
    }

    public LocalKafkaOptions options() {
        return options;
    }

    /** From the call of {@link #start} until the broker and topics were ready. */
    public Duration startupTime() {
        return startupTime;
    }

    /**
     * The one line the command prints when clients may connect; scripts wait for its prefix. A node of a cluster
     * says which, and is not the cluster: its line starts otherwise.
     */
    @Override
    public String readyLine() {
        if (pidFile != null) {
            return String.format(Locale.ROOT, "local-kafka node %d ready: bootstrap=%s data=%s (started in %.1f s)",
                    nodeId, bootstrapServers(), dataDir, startupTime.toMillis() / 1000.0);
        }
        return String.format(Locale.ROOT, "local-kafka ready: bootstrap=%s data=%s topics=%d partitions=%d (started in %.1f s)",
                bootstrapServers(), dataDir, topics().size(), partitions(), startupTime.toMillis() / 1000.0);
    }

    /** Blocks until the broker has stopped (after {@link #close()}, possibly from another thread). */
    @Override
    public void awaitShutdown() {
        server.awaitShutdown();
    }

    /** Stops the broker and waits for it, so that the data directory is consistent and unlocked. Idempotent. */
    @Override
    public void close() {
        closeOnce();
    }

    @Override
    public boolean closeOnce() {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        try {
            server.shutdown();
            server.awaitShutdown();
            if (pidFile != null) {
                Files.deleteIfExists(pidFile);
            }
        } catch (IOException e) {
            // a stale pid file names a process that is gone, as after a kill -9
        } finally {
            lock.release();
        }
        return true;
    }

    private Properties adminConfig() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "local-kafka");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) STARTUP_TIMEOUT.toMillis());
        return props;
    }

    /** The {@code local-kafka.jar} command; see {@link LocalKafkaOptions#usage()}. */
    public static void main(String[] args) {
        useOwnLoggingConfigUnlessGiven();
        if (LocalKafkaOptions.isHelp(args)) {
            System.out.print(LocalKafkaOptions.usage());
            return;
        }
        LocalKafkaOptions options;
        try {
            options = LocalKafkaOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("local-kafka: " + e.getMessage());
            System.err.println("Run with --help for the options.");
            System.exit(2);
            return;
        }
        StopSignals.exitZeroOnStop();
        LocalProcess kafka;
        try {
            kafka = options.brokers() > 1 && options.node() == 0 ? new LocalCluster(options) : new LocalKafka(options);
        } catch (Exception e) {
            exitFailed(e);
            return;
        }
        // registered before startup so that Ctrl-C during the start still stops the broker cleanly
        AtomicBoolean stopRequested = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopRequested.set(true);
            if (kafka.closeOnce()) {
                System.out.println("local-kafka stopped: data kept in " + kafka.dataDir());
                System.out.flush();
            }
        }, "local-kafka-stop"));
        try {
            kafka.startup();
        } catch (Exception e) {
            if (!stopRequested.get()) { // otherwise the failure is just the stop cutting the start short
                exitFailed(e);
            }
            return;
        }
        System.out.println(kafka.readyLine());
        System.out.flush();
        kafka.awaitShutdown();
    }

    static void exitFailed(Exception e) {
        System.err.println("local-kafka failed to start: " + (e.getMessage() != null ? e.getMessage() : e));
        // the stack trace matters only when there is no message to speak for itself
        if (e.getMessage() == null) {
            e.printStackTrace();
        }
        System.exit(1);
    }

    /**
     * Broker logs at WARN on stderr, so that the console shows our lines. Set here, not as a logback.xml in the
     * jar, because the library is also on other modules' classpaths, whose logging it must not take over.
     */
    private static void useOwnLoggingConfigUnlessGiven() {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "local-kafka-logback.xml");
        }
    }
}
