package com.shopstream.common.errors;

import com.shopstream.common.testing.ContainerBrokerTest;
import org.junit.jupiter.api.Test;

/**
 * The dead-letter round trip against Apache Kafka in a container. Skipped where there is no Docker (as on the
 * project's CI machine); the embedded-broker test runs it everywhere.
 */
class DeadLetterContainerTest extends ContainerBrokerTest {

    @Test
    void anUnreadableRecordInItsDeadLetterOut() {
        DeadLetterAttackTest.DeadLetterRoundTrip.run(bootstrapServers(), "dlq-container-test");
    }
}
