package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.TaskInputs;
import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Each task of the orders topology reads one partition: that is why {@code orders-service.yml} sets
 * {@code max.task.idle.ms=-1} ({@link TaskInputs}).
 */
class OrderWindowTaskInputsTest {

    @Test
    void everySubTopologyReadsOneTopic() {
        Duration five = Duration.ofMinutes(5);
        List<WindowQuery> queries = new ArrayList<>(OrderWindowConfigs.defaults().queries());
        queries.add(new WindowQuery("per-customer", five, five, Duration.ofMinutes(3), GroupBy.CUSTOMER_ID, "updates",
                "finals", null));
        TopologyDescription description = OrderWindowTopology.build(TestStreams.forDriver("inputs").builder(),
                OrderWindowConfigs.of(TestStreams.topics(), queries)).describe();

        assertThat(description.subtopologies()).hasSize(3);
        TaskInputs.assertEveryTaskReadsOneTopic(description);
    }

    @Test
    void theServiceDoesNotWaitForATasksOtherPartitions() {
        assertThat(TaskInputs.streamsProperties("orders-service.yml")).containsEntry("max.task.idle.ms", "-1");
    }
}
