package com.shopstream.common.testing;

import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import java.util.function.Consumer;

/**
 * Feeds the shop scenario through a topology as Spark's run met it: the events up to each checkpoint of
 * {@code shop-expected.json}, in scenario order, then one commit interval (a checkpoint ends a micro-batch: what a
 * service writes per commit is out), then the checks of that checkpoint.
 */
public final class ShopCheckpoints {

    private ShopCheckpoints() {
    }

    /** @param pipe how one scenario event reaches the topology's inputs (or not, for a service that ignores it) */
    public static void feed(StreamsHarness harness, Consumer<ScenarioEvent> pipe, Consumer<Checkpoint> check) {
        ShopScenario scenario = ShopScenario.shop();
        int fed = 0;
        for (Checkpoint checkpoint : ShopExpectations.shop().checkpoints()) {
            for (ScenarioEvent event : scenario.upTo(checkpoint.afterSeq())) {
                if (event.seq() > fed) {
                    pipe.accept(event);
                }
            }
            fed = checkpoint.afterSeq();
            harness.nextCommit();
            check.accept(checkpoint);
        }
    }

    /** The scenario's orders to {@code orders}; its payments go nowhere. */
    public static Consumer<ScenarioEvent> ordersOnly(StreamsHarness harness) {
        return event -> {
            if (event.isOrder()) {
                harness.pipe(event, "orders", "payments");
            }
        };
    }
}
