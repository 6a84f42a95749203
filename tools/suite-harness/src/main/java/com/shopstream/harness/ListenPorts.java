package com.shopstream.harness;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ports for the processes a test starts to listen on, taken below the kernel's ephemeral range.
 *
 * <p>Why not {@code new ServerSocket(0)}: that port comes from the ephemeral range and is free only until the socket
 * closes; the process that is to listen on it binds seconds later, after a JVM start, and meanwhile the Kafka clients
 * of the services already running open connections whose local ports come from the very same range. When one of them
 * takes the port, the new service fails to bind and exits. Outbound connections never take a port below the range,
 * and a counter keeps two processes of one test JVM apart; the bind check skips whatever else listens there.
 */
public final class ListenPorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default lower end, when the range cannot be read. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32768;
    private static final int LOWEST = 10_000;
    private static final int SPAN = Math.max(1_000, ephemeralLow() - LOWEST);
    /** A random start per JVM: two test JVMs on one machine rarely walk the same ports. */
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(SPAN));

    private ListenPorts() {
    }

    /** A port nothing listens on now and that no outbound connection will take. */
    public static int next() {
        for (int tries = 0; tries < SPAN; tries++) {
            int port = LOWEST + Math.floorMod(NEXT.getAndIncrement(), SPAN);
            if (isFree(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port in " + LOWEST + ".." + (LOWEST + SPAN - 1));
    }

    /**
     * The first of {@code count} consecutive ports nothing listens on now and that no outbound connection will take:
     * for a program that derives several ports from one (a local cluster's nodes).
     */
    public static int nextRun(int count) {
        for (int tries = 0; tries < SPAN; tries++) {
            // the same walk as next(), so that next() never hands out a port of a run given before
            int first = LOWEST + Math.floorMod(NEXT.getAndAdd(count), SPAN);
            if (first + count <= LOWEST + SPAN
                    && java.util.stream.IntStream.range(first, first + count).allMatch(ListenPorts::isFree)) {
                return first;
            }
        }
        throw new IllegalStateException("no " + count + " free ports in a row in " + LOWEST + ".." + (LOWEST + SPAN - 1));
    }

    private static boolean isFree(int port) {
        // the wildcard address, as the services and the broker bind: a listener on any address shows
        try (ServerSocket socket = new ServerSocket(port, 1, (InetAddress) null)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int ephemeralLow() {
        try {
            // not readString: on a sysctl file it returns the first byte only (procfs reports a size of 0)
            return Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }
}
