package com.shopstream.payments.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.support.SendResult;

/** A payment that cannot be written is answered within the send timeout, whatever the producer waits for. */
class PaymentPublisherTest {

    private static final Duration SEND_TIMEOUT = Duration.ofMillis(500);

    @Test
    void withoutABrokerTheSendFailsWithinTheSendTimeout() throws Exception {
        // no broker at all: the producer never gets the partition's metadata, and without the edge's max.block.ms
        // its send would block for Kafka's 60 s before the send timeout even starts
        Map<String, Object> configs = PaymentPublisher.producerConfigs(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + unusedPort()), SEND_TIMEOUT);
        try (PaymentPublisher publisher = new PaymentPublisher(new DefaultKafkaProducerFactory<>(configs,
                new StringSerializer(), new ByteArraySerializer()), "payments-raw", SEND_TIMEOUT,
                new ProducerHealthIndicator(Clock.systemUTC()))) {
            long started = System.nanoTime();
            CompletableFuture<SendResult<String, byte[]>> sent = publisher.send("pay-1",
                    "{}".getBytes(StandardCharsets.UTF_8));

            assertThat(sent).failsWithin(Duration.ofSeconds(5));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void theEdgesSettingsWinOverBoots() {
        Map<String, Object> configs = PaymentPublisher.producerConfigs(Map.of(ProducerConfig.ACKS_CONFIG, "1",
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000, ProducerConfig.TRANSACTIONAL_ID_CONFIG, "tx"), SEND_TIMEOUT);

        assertThat(configs).containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 500L)
                .containsEntry(ProducerConfig.LINGER_MS_CONFIG, 0)
                .doesNotContainKey(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
    }

    private static int unusedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
