package com.shopstream.localkafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/**
 * Turns ports of 0 into free ones and checks that the others are free: Kafka's own bind error comes late and buried
 * in a stack trace. The KRaft voter set must name the controller ports before a node starts, so a node cannot simply
 * bind port 0 itself.
 */
final class Ports {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default lower end of the ephemeral range, when it cannot be read. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32768;
    private static final int LOWEST = 10_000;

    private Ports() {
    }

    /**
     * The ports, in order, with each 0 replaced by a free port; all are bound at once, so no two 0s get one port.
     *
     * @param options the options that set them, cycled over the ports: a taken port's error names its option
     */
    static int[] resolve(String host, List<String> options, int... ports) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            InetAddress address = InetAddress.getByName(host);
            int[] resolved = new int[ports.length];
            for (int i = 0; i < ports.length; i++) {
                ServerSocket socket = bind(address, ports[i], options.get(i % options.size()));
                sockets.add(socket);
                resolved[i] = socket.getLocalPort();
            }
            return resolved;
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e); // the message as the resolver says it
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // a probe socket: the port is free again either way
                }
            }
        }
    }

    /**
     * The first of {@code count} consecutive free ports, below the kernel's ephemeral range: a cluster's ports are
     * chosen once and kept, and a node killed and started again binds its ports anew. A port from the ephemeral range
     * (what binding port 0 gives) may meanwhile be taken by any outbound connection, the other nodes' own included;
     * outbound connections never take a port below that range.
     */
    static int freeRun(String host, int count) {
        int span = ephemeralLow() - LOWEST - count;
        if (span < 100) {
            throw new IllegalStateException("the kernel's ephemeral port range starts at " + ephemeralLow() + ", too"
                    + " low to keep a cluster's ports out of it; choose --port and --controller-port yourself");
        }
        int start = ThreadLocalRandom.current().nextInt(span);
        for (int tries = 0; tries < span; tries++) {
            int first = LOWEST + Math.floorMod(start + tries * count, span);
            try {
                resolve(host, List.of("--port"), IntStream.range(first, first + count).toArray());
                return first;
            } catch (IllegalStateException taken) {
                // one of them is in use: try the next run
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports on " + host + " from " + LOWEST);
    }

    static int ephemeralLow() {
        try {
            // not readString: on a sysctl file it returns the first byte only (procfs reports a size of 0)
            return Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_LOW;
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
}
