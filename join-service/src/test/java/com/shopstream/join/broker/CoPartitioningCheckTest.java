package com.shopstream.join.broker;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.join.JoinServiceApplication;
import java.util.List;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.context.EmbeddedKafka;

/** A partition-count mismatch between orders and payments stops join-service at startup, with a message. */
@EmbeddedKafka(partitions = 1, topics = "orders")
class CoPartitioningCheckTest {

    @Test
    void aPartitionCountMismatchFailsStartupWithTheMessage(EmbeddedKafkaBroker broker) {
        broker.addTopics(new NewTopic("payments", 2, (short) 1));

        assertThatThrownBy(() -> new SpringApplicationBuilder(JoinServiceApplication.class)
                .properties(JoinServiceApplication.CONFIG_NAME)
                .properties("spring.kafka.bootstrap-servers=" + broker.getBrokersAsString(),
                        "server.port=0", "spring.main.banner-mode=off")
                .run())
                .rootCause()
                .hasMessage("join-service needs " + List.of("orders", "payments") + " partitioned alike by order_id, "
                        + "so they must have the same number of partitions, but they have {orders=1, payments=2}. "
                        + "Give them the same count and start again.");
    }
}
