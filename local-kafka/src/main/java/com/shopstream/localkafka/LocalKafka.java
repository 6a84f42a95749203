package com.shopstream.localkafka;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.utils.Time;

/**
 * A single-node KRaft Kafka broker (broker and controller in one node) running in this JVM, with the contract's
 * topics. {@link #main} is the {@code local-kafka.jar} command; {@link #start} is the same for tests.
 *
 * <pre>{@code
 * try (LocalKafka kafka = LocalKafka.start(LocalKafkaOptions.forTests(tempDir, 3))) {
 *     String bootstrap = kafka.bootstrapServers();
 * }
 * }</pre>
 */
public final class LocalKafka implements AutoCloseable {

    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);

    private final LocalKafkaOptions options;
    private final int port;
    private final int controllerPort;
    private final Path dataDir;
    private final boolean formattedNow;
    private final DataDirLock lock;
    private final KafkaRaftServer server;
    private final long createdNanos = System.nanoTime();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile ContractTopics.Result topics;
    private volatile Duration startupTime;

    private LocalKafka(LocalKafkaOptions options) throws Exception {
        this.options = options;
        this.dataDir = options.dataDir().toAbsolutePath().normalize();
        StorageFormatter.requireFormattedOrEmpty(dataDir);
        this.lock = DataDirLock.acquire(dataDir);
        try {
            int[] ports = resolvePorts(options.host(), options.port(), options.controllerPort());
            this.port = ports[0];
            this.controllerPort = ports[1];
            this.formattedNow = StorageFormatter.formatIfNeeded(dataDir);
            Properties props = BrokerConfig.properties(options.host(), port, controllerPort, dataDir, options.partitions());
            this.server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        } catch (Exception | Error e) {
            lock.close();
            throw e;
        }
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

    private void startup() throws Exception {
        try {
            server.startup();
            try (Admin admin = Admin.create(adminConfig())) {
                // startup() returns once the broker is unfenced; asking it proves that clients can connect
                if (admin.describeCluster().nodes().get(STARTUP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).isEmpty()) {
                    throw new IllegalStateException("the broker started but reports no nodes");
                }
                if (options.createTopics()) {
                    topics = ContractTopics.ensure(admin, options.partitions(), STARTUP_TIMEOUT);
                }
            }
            startupTime = Duration.ofNanos(System.nanoTime() - createdNanos);
        } catch (Exception | Error e) {
            try {
                close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
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

    /** Absolute. */
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
        List<String> coPartitioned = ContractTopics.coPartitioned();
        return topics == null || coPartitioned.isEmpty() ? options.partitions()
                : topics.partitions().get(coPartitioned.get(0));
    }

    public LocalKafkaOptions options() {
        return options;
    }

    /** From the call of {@link #start} until the broker and topics were ready. */
    public Duration startupTime() {
        return startupTime;
    }

    /** The one line the command prints when clients may connect; scripts wait for its prefix. */
    public String readyLine() {
        return String.format(Locale.ROOT, "local-kafka ready: bootstrap=%s data=%s topics=%d partitions=%d (started in %.1f s)",
                bootstrapServers(), dataDir, topics().size(), partitions(), startupTime.toMillis() / 1000.0);
    }

    /** Blocks until the broker has stopped (after {@link #close()}, possibly from another thread). */
    public void awaitShutdown() {
        server.awaitShutdown();
    }

    /** Stops the broker and waits for it, so that the data directory is consistent and unlocked. Idempotent. */
    @Override
    public void close() {
        closeOnce();
    }

    /** @return whether this call did the stopping, rather than an earlier one */
    private boolean closeOnce() {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        try {
            server.shutdown();
            server.awaitShutdown();
        } finally {
            try {
                lock.close();
            } catch (IOException e) {
                // the OS drops the lock with the process anyway; nothing is left to clean up
            }
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

    /**
     * Turns 0 into a free port and checks that the chosen ones are free: Kafka's own bind error comes late and
     * buried in a stack trace. The KRaft voter set must name the controller port before the broker starts, so
     * the broker cannot simply bind port 0 itself.
     */
    private static int[] resolvePorts(String host, int port, int controllerPort) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        // both sockets are open at once so that two 0s cannot resolve to the same port
        try (ServerSocket client = bind(address, port, "--port");
             ServerSocket controller = bind(address, controllerPort, "--controller-port")) {
            return new int[] {client.getLocalPort(), controller.getLocalPort()};
        }
    }

    private static ServerSocket bind(InetAddress address, int port, String option) throws IOException {
        ServerSocket socket = new ServerSocket();
        try {
            socket.bind(new InetSocketAddress(address, port));
            return socket;
        } catch (IOException e) {
            socket.close();
            throw new IllegalStateException(address.getHostAddress() + ":" + port + " is not available ("
                    + e.getMessage() + "); is another Kafka running? Stop it or choose another " + option, e);
        }
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
        LocalKafka kafka;
        try {
            kafka = new LocalKafka(options);
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

    private static void exitFailed(Exception e) {
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
