package com.shopstream.faults;

import org.apache.kafka.clients.admin.Admin;

/**
 * What a bounce takes down: the node that leads something at that moment (a partition, the metadata quorum). Asked
 * again at every bounce, since each bounce moves it.
 *
 * @param name   what it is, for the report: "leader of orders-0", "active controller"
 * @param leader which node leads it now
 */
record BounceTarget(String name, Leader leader) {

    /** Asks the cluster which node leads the target now. */
    @FunctionalInterface
    interface Leader {
        int of(Admin admin) throws Exception;
    }

    /** The leader of partition 0 of a topic. */
    static BounceTarget leaderOf(String topic) {
        return new BounceTarget("leader of " + topic + "-0", admin -> ClusterLeaders.of(admin, topic, 0));
    }

    /** The leader of partition 0 of orders-service's first internal topic ending with {@code suffix}. */
    static BounceTarget leaderOfInternal(String suffix) {
        return new BounceTarget("leader of partition 0 of orders-service's first " + suffix.substring(1) + " topic",
                admin -> ClusterLeaders.of(admin, ClusterLeaders.internalTopic(admin, "orders-service", suffix), 0));
    }

    static BounceTarget activeController() {
        return new BounceTarget("active controller", ClusterLeaders::controller);
    }

    @Override
    public String toString() {
        return name;
    }
}
