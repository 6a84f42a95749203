package com.shopstream.dedup.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.TaskInputs;
import com.shopstream.common.testing.TestStreams;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Each task of the deduplications' topology reads one partition: that is why {@code dedup-service.yml} sets
 * {@code max.task.idle.ms=-1} ({@link TaskInputs}).
 */
class DedupTaskInputsTest {

    @Test
    void everySubTopologyReadsOneTopic() {
        TopologyDescription description = DedupTopology.build(TestStreams.forDriver("inputs").builder(),
                DedupConfigs.defaults()).describe();

        assertThat(description.subtopologies()).hasSize(1);
        TaskInputs.assertEveryTaskReadsOneTopic(description);
    }

    @Test
    void theServiceDoesNotWaitForATasksOtherPartitions() {
        assertThat(TaskInputs.streamsProperties("dedup-service.yml")).containsEntry("max.task.idle.ms", "-1");
    }
}
