package com.shopstream.localkafka;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * How to run the local broker: the command-line options of {@code local-kafka.jar} and the arguments of
 * {@link LocalKafka#start(LocalKafkaOptions)}.
 *
 * @param host           the address both listeners bind to and the broker advertises
 * @param port           the client (PLAINTEXT) port; 0 picks a free one
 * @param controllerPort the KRaft controller port; 0 picks a free one
 * @param dataDir        where the broker keeps its log and metadata; formatted on first use, kept afterwards
 * @param partitions     partition count of the contract topics created by this run
 * @param createTopics   whether to create the contract topics
 * @param brokers        nodes of the cluster: 1 is a single broker; more start a cluster of node processes
 * @param node           0, or the id of the one node of an existing cluster to start in this process
 */
public record LocalKafkaOptions(String host, int port, int controllerPort, Path dataDir, int partitions,
                                boolean createTopics, int brokers, int node) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 9092;
    public static final int DEFAULT_CONTROLLER_PORT = 9093;
    public static final Path DEFAULT_DATA_DIR = Path.of("target", "local-kafka-data");
    public static final int DEFAULT_PARTITIONS = 3;
    /** Far above what a laptop broker needs; a bigger number is almost surely a typo. */
    static final int MAX_PARTITIONS = 1000;
    /** A node is a JVM of its own: more than this would only starve a laptop. */
    static final int MAX_BROKERS = 9;

    public LocalKafkaOptions {
        Objects.requireNonNull(dataDir, "dataDir");
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("--host must not be empty");
        }
        if (host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) {
            // Kafka tells clients this address to connect to, and nobody can connect to "any address"
            throw new IllegalArgumentException("--host must be an address clients can connect to, such as 127.0.0.1"
                    + " or this machine's name; " + host + " is not");
        }
        checkPort("--port", port);
        checkPort("--controller-port", controllerPort);
        if (port != 0 && port == controllerPort) {
            throw new IllegalArgumentException("--port and --controller-port must differ, both are " + port);
        }
        if (partitions < 1 || partitions > MAX_PARTITIONS) {
            throw new IllegalArgumentException(
                    "--partitions must be between 1 and " + MAX_PARTITIONS + ", got " + partitions);
        }
        if (brokers < 1 || brokers > MAX_BROKERS) {
            throw new IllegalArgumentException("--brokers must be between 1 and " + MAX_BROKERS + ", got " + brokers);
        }
        if (node < 0 || node > MAX_BROKERS) {
            throw new IllegalArgumentException("--node must be a node id between 1 and " + MAX_BROKERS + ", got " + node);
        }
    }

    /** A single broker, as before clusters: one node, not a node of a cluster. */
    public LocalKafkaOptions(String host, int port, int controllerPort, Path dataDir, int partitions,
                             boolean createTopics) {
        this(host, port, controllerPort, dataDir, partitions, createTopics, 1, 0);
    }

    /** The defaults of the command line: 127.0.0.1:9092, controller 9093, ./target/local-kafka-data, 3 partitions. */
    public static LocalKafkaOptions defaults() {
        return new LocalKafkaOptions(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_CONTROLLER_PORT, DEFAULT_DATA_DIR,
                DEFAULT_PARTITIONS, true);
    }

    /** For tests: free ports, the given data dir, the contract topics with the given partition count. */
    public static LocalKafkaOptions forTests(Path dataDir, int partitions) {
        return new LocalKafkaOptions(DEFAULT_HOST, 0, 0, dataDir, partitions, true);
    }

    public LocalKafkaOptions withPorts(int port, int controllerPort) {
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    public LocalKafkaOptions withDataDir(Path dataDir) {
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    public LocalKafkaOptions withPartitions(int partitions) {
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    public LocalKafkaOptions withCreateTopics(boolean createTopics) {
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    /** A cluster of {@code brokers} nodes, each a process of its own. */
    public LocalKafkaOptions withBrokers(int brokers) {
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    /** Node {@code node} of the cluster in {@link #dataDir} alone, in this process. */
    public LocalKafkaOptions withNode(int node) {
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    /** True when the arguments ask for the usage text instead of a broker. */
    public static boolean isHelp(String... args) {
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads command-line arguments; both {@code --port 9092} and {@code --port=9092} work.
     *
     * @throws IllegalArgumentException with a message meant for the user when an argument is wrong
     */
    public static LocalKafkaOptions parse(String... args) {
        String host = DEFAULT_HOST;
        int port = DEFAULT_PORT;
        int controllerPort = DEFAULT_CONTROLLER_PORT;
        Path dataDir = DEFAULT_DATA_DIR;
        int partitions = DEFAULT_PARTITIONS;
        boolean createTopics = true;
        int brokers = 1;
        int node = 0;
        Set<String> given = new TreeSet<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            given.add(name);
            switch (name) {
                case "--no-topics" -> {
                    if (value != null) {
                        throw new IllegalArgumentException("--no-topics takes no value, got '" + arg + "'");
                    }
                    createTopics = false;
                }
                case "--host", "--port", "--controller-port", "--data-dir", "--partitions", "--brokers", "--node" -> {
                    if (value == null) {
                        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                            throw new IllegalArgumentException(name + " needs a value");
                        }
                        value = args[++i];
                    }
                    switch (name) {
                        case "--host" -> host = value;
                        case "--port" -> port = parsePort(name, value);
                        case "--controller-port" -> controllerPort = parsePort(name, value);
                        case "--data-dir" -> dataDir = parsePath(name, value);
                        case "--brokers" -> brokers = parseInt(name, value, "a whole number between 1 and " + MAX_BROKERS);
                        case "--node" -> node = parseInt(name, value, "a node id between 1 and " + MAX_BROKERS);
                        default -> partitions = parseInt(name, value, "a whole number between 1 and " + MAX_PARTITIONS);
                    }
                }
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        given.removeAll(NODE_OPTIONS);
        if (node != 0 && !given.isEmpty()) {
            throw new IllegalArgumentException("--node takes its ports and everything else from the cluster in its"
                    + " --data-dir; " + String.join(", ", given) + " would be ignored: leave "
                    + (given.size() == 1 ? "it" : "them") + " out");
        }
        return new LocalKafkaOptions(host, port, controllerPort, dataDir, partitions, createTopics, brokers, node);
    }

    /** What a node of a cluster started again alone takes from its command line: the rest is the cluster's. */
    private static final Set<String> NODE_OPTIONS = Set.of("--node", "--data-dir");

    public static String usage() {
        return """
                Usage: java -jar local-kafka.jar [options]

                Starts a single-node Apache Kafka broker (KRaft, broker+controller in one process) and creates
                the Shopstream contract topics. Prints one 'local-kafka ready: ...' line when clients can connect.
                Stop it with Ctrl-C or SIGTERM; the data stays in the data directory for the next start.

                With --brokers N (2 to %d) it starts a cluster instead: N node processes, node i on --port + 2(i-1)
                and --controller-port + 2(i-1), every topic with min(N, 3) replicas and, from 3 nodes on,
                min.insync.replicas=2 (two nodes are two controller voters: losing either stops the cluster; three
                survive the loss of one). 'local-kafka ready' then names every node; node i keeps its data in
                DIR/node-i, its output in DIR/node-i.log and its process id in DIR/node-i.pid. --node ID starts
                that one node of the cluster in DIR again (after a stop or a kill -9); stopping the cluster
                command stops every node.

                Options:
                  --host HOST             address to listen on and advertise          (default %s)
                  --port PORT             client (PLAINTEXT) port, 0 = any free port  (default %d)
                  --controller-port PORT  KRaft controller port, 0 = any free port    (default %d)
                  --data-dir DIR          broker data; formatted on first start only  (default ./%s)
                  --partitions N          partitions of the contract topics           (default %d)
                  --no-topics             do not create the contract topics
                  --brokers N             nodes, each a process of its own            (default 1)
                  --node ID               start node ID of the cluster in --data-dir alone
                  -h, --help              print this help
                """.formatted(MAX_BROKERS, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_CONTROLLER_PORT,
                DEFAULT_DATA_DIR.toString().replace('\\', '/'), DEFAULT_PARTITIONS);
    }

    private static void checkPort(String name, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(name + " must be between 0 and 65535, got " + port);
        }
    }

    private static int parsePort(String name, String value) {
        return parseInt(name, value, "a port number between 0 and 65535 (0 = any free port)");
    }

    private static int parseInt(String name, String value, String expected) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be " + expected + ", got '" + value + "'");
        }
    }

    private static Path parsePath(String name, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        try {
            return Path.of(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " is not a valid path: '" + value + "'");
        }
    }
}
