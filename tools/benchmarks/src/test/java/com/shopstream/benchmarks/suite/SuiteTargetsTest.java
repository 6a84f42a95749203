package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.benchmarks.baseline.PlainQuery;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SuiteTargetsTest {

    private static final SuiteOptions OPTIONS = new SuiteOptions(1000, 42, 1000, SuiteOptions.ALL_TARGETS, 0,
            Duration.ofSeconds(1), Duration.ofSeconds(1), "127.0.0.1:9092", Path.of("/tmp/suite-targets-test"),
            List.of(SuiteOptions.DEFAULT_JVM.split(" ")), false, 3, List.of(), 1, false, 1);
    private static final BenchTopics TOPICS = BenchTopics.of(42, 1000, 1000);

    @Test
    void everyRunOfTheSuiteIsATargetOfThatRunWithItsOwnRowAndGroup() {
        List<String> rows = new ArrayList<>();
        List<String> groups = new ArrayList<>();
        for (String run : SuiteOptions.ALL_TARGETS) {
            if (SuiteTargets.isSpark(run)) {
                SparkTarget spark = SuiteTargets.spark(run, OPTIONS, TOPICS, "127.0.0.1:9092", "t");
                assertThat(spark.run()).isEqualTo(run);
                rows.add(spark.name());
            } else {
                DrainTarget target = SuiteTargets.drain(run, OPTIONS, TOPICS, "127.0.0.1:9092", "t",
                        OPTIONS.jvmOptions());
                assertThat(target.run()).isEqualTo(run);
                assertThat(SuiteOptions.ALL_TARGETS).as("what %s is compared with is a run", run)
                        .containsAll(Stream.of(target.baselineRun(), target.sparkRun()).filter(Objects::nonNull)
                                .toList());
                rows.add(target.name());
                groups.add(target.group());
            }
        }
        assertThat(rows).doesNotHaveDuplicates();
        assertThat(groups).doesNotHaveDuplicates();
    }

    @Test
    void theFloorReadsTheOrdersAndIsComparedWithNothing() {
        DrainTarget floor = SuiteTargets.drain(SuiteTargets.FLOOR, OPTIONS, TOPICS, "127.0.0.1:9092", "t",
                OPTIONS.jvmOptions());

        assertThat(floor).isInstanceOfSatisfying(BaselineTarget.class,
                baseline -> assertThat(baseline.query()).isEqualTo(PlainQuery.READ));
        assertThat(floor.inputs()).containsExactly(TOPICS.orders());
        assertThat(floor.baselineRun()).isNull();
        assertThat(floor.sparkRun()).isNull();
    }

    @Test
    void theWriteFloorsReadTheOrdersAndAreComparedWithTheSparkRunsOfTheQueriesWhoseWritesTheyMake() {
        DrainTarget keep = SuiteTargets.drain("plain-keep", OPTIONS, TOPICS, "127.0.0.1:9092", "t",
                OPTIONS.jvmOptions());
        DrainTarget keepCopy = SuiteTargets.drain("plain-keep-copy", OPTIONS, TOPICS, "127.0.0.1:9092", "t",
                OPTIONS.jvmOptions());

        assertThat(keep).isInstanceOfSatisfying(BaselineTarget.class,
                baseline -> assertThat(baseline.query()).isEqualTo(PlainQuery.KEEP));
        assertThat(keep.inputs()).containsExactly(TOPICS.orders());
        assertThat(keep.sparkRun()).isEqualTo("spark-5m-by-customer");
        assertThat(keep.outputTopic()).isNull();
        assertThat(keepCopy).isInstanceOfSatisfying(BaselineTarget.class,
                baseline -> assertThat(baseline.query()).isEqualTo(PlainQuery.KEEP_COPY));
        assertThat(keepCopy.sparkRun()).isEqualTo("spark-dedup");
        assertThat(keepCopy.outputTopic()).isEqualTo(TOPICS.baselinePrefix() + "orders-kept-copy");
        assertThat(TOPICS.outputs()).as("created up front").contains(keepCopy.outputTopic());
    }

    @Test
    void theHoppingRunIsOneWindowOfTenMinutesEveryFiveWhoseFinalRowsAreCountedAgainstSparksOwn() {
        DrainTarget hopping = SuiteTargets.drain("orders-10m-every-5m", OPTIONS, TOPICS, "127.0.0.1:9092", "t",
                OPTIONS.jvmOptions());

        assertThat(hopping).isInstanceOfSatisfying(ServiceTarget.class, service -> {
            assertThat(service.settings()).contains("--shopstream.orders.queries[0].size=10m",
                    "--shopstream.orders.queries[0].advance=5m", "--shopstream.orders.queries[0].grace=3m",
                    "--shopstream.orders.queries[0].final-topic=" + service.outputTopic());
            assertThat(service.settings()).noneMatch(setting -> setting.startsWith("--shopstream.orders.queries[1]"));
        });
        assertThat(hopping.sparkRun()).isEqualTo("spark-10m-every-5m");
        assertThat(hopping.baselineRun()).as("the plain baseline's window is tumbling").isNull();
    }

    @Test
    void theByIdDedupRunIsTheServiceWithOnlyThatQueryCountedAgainstSparksWithinWatermark() {
        DrainTarget byId = SuiteTargets.drain("dedup-by-id", OPTIONS, TOPICS, "127.0.0.1:9092", "t",
                OPTIONS.jvmOptions());

        assertThat(byId).isInstanceOfSatisfying(ServiceTarget.class, service -> {
            assertThat(service.settings()).contains("--shopstream.dedup.pairs-topic=");
            assertThat(service.outputTopic()).isEqualTo("orders-deduped-by-id");
        });
        assertThat(byId.sparkRun()).isEqualTo("spark-dedup-by-id");
        assertThat(byId.baselineRun()).as("the plain baseline deduplicates pairs").isNull();
        assertThat(SuiteTargets.spark("spark-dedup-by-id", OPTIONS, TOPICS, "127.0.0.1:9092", "t").query())
                .isEqualTo("dedup-by-id");
    }
}
