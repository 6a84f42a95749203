package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.TaskInputs;
import com.shopstream.common.testing.TestStreams;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Each task of the sessions' topology reads one partition: that is why {@code session-service.yml} sets
 * {@code max.task.idle.ms=-1} ({@link TaskInputs}).
 */
class SessionTaskInputsTest {

    @Test
    void everySubTopologyReadsOneTopic() {
        TopologyDescription description = SessionTopology.build(TestStreams.forDriver("inputs").builder(),
                SessionConfigs.defaults()).describe();

        assertThat(description.subtopologies()).hasSize(2);
        TaskInputs.assertEveryTaskReadsOneTopic(description);
    }

    @Test
    void theServiceDoesNotWaitForATasksOtherPartitions() {
        assertThat(TaskInputs.streamsProperties("session-service.yml")).containsEntry("max.task.idle.ms", "-1");
    }
}
