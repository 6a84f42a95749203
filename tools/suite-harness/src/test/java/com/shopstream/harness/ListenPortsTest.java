package com.shopstream.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ListenPortsTest {

    @Test
    void portsAreBelowTheEphemeralRangeAndNeverHandedOutTwice() {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int port = ListenPorts.next();
            assertThat(port).isBetween(1024, ListenPorts.ephemeralLow() - 1);
            assertThat(ports.add(port)).as("port %d handed out twice", port).isTrue();
        }
    }

    @Test
    void aPortSomethingListensOnIsSkipped() throws Exception {
        int inLine = ListenPorts.next() + 1;
        // the next port in line is taken before it is asked for (by us, or already by something else): never handed out
        try (ServerSocket listener = listenOrNull(inLine)) {
            int next = ListenPorts.next();
            assertThat(next).isNotEqualTo(inLine);
            try (ServerSocket bound = new ServerSocket(next, 1, (InetAddress) null)) {
                assertThat(bound.getLocalPort()).as("the port handed out can be listened on").isEqualTo(next);
            }
        }
    }

    private static ServerSocket listenOrNull(int port) {
        try {
            return new ServerSocket(port, 1, (InetAddress) null);
        } catch (IOException alreadyTaken) {
            return null;
        }
    }
}
