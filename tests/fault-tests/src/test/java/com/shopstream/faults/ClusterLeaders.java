package com.shopstream.faults;

import com.shopstream.harness.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.common.Node;

/** Which node of a cluster leads what: the targets of a bounce. */
final class ClusterLeaders {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private ClusterLeaders() {
    }

    /** The id of the node that leads a partition now. */
    static int of(Admin admin, String topic, int partition) throws Exception {
        Node leader = admin.describeTopics(List.of(topic)).allTopicNames().get(WAIT.toSeconds(), TimeUnit.SECONDS)
                .get(topic).partitions().get(partition).leader();
        if (leader == null || leader.isEmpty()) {
            throw new IllegalStateException(topic + "-" + partition + " has no leader now");
        }
        return leader.id();
    }

    /** The id of the active controller: the leader of the KRaft metadata quorum. */
    static int controller(Admin admin) throws Exception {
        return admin.describeMetadataQuorum().quorumInfo().get(WAIT.toSeconds(), TimeUnit.SECONDS).leaderId();
    }

    /** The first (by name) of a service's internal topics that ends with {@code suffix}: -changelog, -repartition. */
    static String internalTopic(Admin admin, String service, String suffix) throws Exception {
        return admin.listTopics().names().get(WAIT.toSeconds(), TimeUnit.SECONDS).stream()
                .filter(name -> name.startsWith(service + "-") && name.endsWith(suffix)).sorted().findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + suffix + " topic of " + service));
    }

    /**
     * Waits until every partition of every topic has all its replicas in sync again: a node started again has caught
     * up, and the next fault starts from a whole cluster.
     */
    static void awaitAllInSync(Admin admin) {
        Await.untilAnswered("every partition's replicas in sync", Duration.ofMinutes(2), () -> {
            var names = admin.listTopics(new ListTopicsOptions().listInternal(true)).names()
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS);
            return admin.describeTopics(names).allTopicNames().get(WAIT.toSeconds(), TimeUnit.SECONDS).values()
                    .stream().flatMap(topic -> topic.partitions().stream())
                    .allMatch(p -> p.isr().size() == p.replicas().size());
        });
    }
}
