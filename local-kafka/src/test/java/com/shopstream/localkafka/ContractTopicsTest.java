package com.shopstream.localkafka;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ContractTopicsTest {

    /** The contract's topics as the brief of this module lists them; the resource file must agree. */
    static final List<String> EXPECTED = List.of(
            "orders", "payments-raw", "payments", "customers",
            "orders-per-5m", "orders-per-5m-final", "orders-per-10m-every-5m", "orders-per-10m-every-5m-final",
            "orders-enriched",
            "customer-sessions", "customer-sessions-final", "customer-streaks",
            "orders-paid", "orders-payment-status", "payments-unmatched", "payments-mismatched", "orders-deduped", "orders-deduped-by-id",
            "orders-service-late", "session-service-late", "join-service-late", "dedup-service-late",
            "orders-service-dlq", "session-service-dlq", "join-service-dlq", "dedup-service-dlq", "payments-service-dlq");

    @Test
    void theResourceListsTheContractTopics() {
        assertThat(ContractTopics.names()).containsExactlyElementsOf(EXPECTED);
    }

    @Test
    void theListSaysWhichTopicsKeepTheProducersTimestamp() {
        // the dead letters, which copy their source record with its timestamp; everything else is stamped when
        // written, the inputs too: their stamp is each record's broker time (see the list's header for why)
        assertThat(ContractTopics.toCreate(3)).allSatisfy(topic -> assertThat(topic.numPartitions()).isEqualTo(3))
                .filteredOn(topic -> topic.configs().isEmpty()).extracting(NewTopic::name)
                .containsExactly("orders-service-dlq", "session-service-dlq", "join-service-dlq",
                        "dedup-service-dlq", "payments-service-dlq");
        assertThat(ContractTopics.toCreate(3)).filteredOn(topic -> !topic.configs().isEmpty())
                .allSatisfy(topic -> assertThat(topic.configs())
                        .containsEntry("message.timestamp.type", "LogAppendTime"))
                .hasSize(EXPECTED.size() - 5);
        assertThat(ContractTopics.coPartitioned()).containsExactly("orders", "payments-raw", "payments");
    }

    @Test
    void theFinalTopicsOfWindowsAndSessionsAreUpsertTopicsAndNoOtherIs() {
        // with an allowed lateness a final row is revised on its key: a consumer (and compaction) keeps the last
        assertThat(ContractTopics.toCreate(3)).filteredOn(topic -> topic.configs().containsKey("cleanup.policy")
                        && !topic.name().equals("customers"))
                .allSatisfy(topic -> assertThat(topic.configs()).containsExactlyInAnyOrderEntriesOf(Map.of(
                        "message.timestamp.type", "LogAppendTime", "cleanup.policy", "compact,delete")))
                .extracting(NewTopic::name)
                .containsExactly("orders-per-5m-final", "orders-per-10m-every-5m-final", "customer-sessions-final");
        // a table of customer versions, the newest of each kept for good
        assertThat(ContractTopics.toCreate(3)).filteredOn(topic -> topic.name().equals("customers"))
                .singleElement().satisfies(topic -> assertThat(topic.configs()).containsExactlyInAnyOrderEntriesOf(
                        Map.of("message.timestamp.type", "LogAppendTime", "cleanup.policy", "compact",
                                "min.compaction.lag.ms", "604800000")));
        assertThat(ContractTopics.toCreate(3)).filteredOn(topic -> !topic.configs().isEmpty()
                        && !topic.configs().containsKey("cleanup.policy"))
                .allSatisfy(topic -> assertThat(topic.configs())
                        .containsExactlyEntriesOf(Map.of("message.timestamp.type", "LogAppendTime")));
    }

    @Test
    void linesGiveAPartitionRuleAndConfigsCommentsAreIgnoredAndMistakesRefused() {
        assertThat(ContractTopic.parse(List.of("# inputs", "", "  orders co-partitioned # keyed by order_id",
                "payments-raw 4 retention.ms=-1 cleanup.policy=delete", "customer-streaks default")))
                .containsExactly(
                        new ContractTopic("orders", OptionalInt.empty(), true, Map.of()),
                        new ContractTopic("payments-raw", OptionalInt.of(4), false,
                                Map.of("retention.ms", "-1", "cleanup.policy", "delete")),
                        new ContractTopic("customer-streaks", OptionalInt.empty(), false, Map.of()));
        assertThatIllegalStateException()
                .isThrownBy(() -> ContractTopic.parse(List.of("orders default", "orders default")))
                .withMessageContaining("lists topic 'orders' twice");
        assertThatIllegalStateException().isThrownBy(() -> ContractTopic.parse(List.of("orders")))
                .withMessageContaining("'orders' has no partitions");
        assertThatIllegalStateException().isThrownBy(() -> ContractTopic.parse(List.of("orders three")))
                .withMessageContaining("not 'three'");
        assertThatIllegalStateException().isThrownBy(() -> ContractTopic.parse(List.of("orders 3 compact")))
                .withMessageContaining("topic config 'compact' is not key=value");
    }

    @Test
    void coPartitionedTopicsWithDifferentCountsAreRefused() {
        assertThat(ContractTopics.coPartitionedCount(Map.of("orders", 4, "customer-streaks", 1))).hasValue(4);
        assertThat(ContractTopics.coPartitionedCount(Map.of("orders", 4, "payments", 4))).hasValue(4);
        assertThat(ContractTopics.coPartitionedCount(Map.of("payments-raw", 4))).hasValue(4);
        assertThat(ContractTopics.coPartitionedCount(Map.of("customer-streaks", 4))).isEmpty();
        assertThatIllegalStateException()
                .isThrownBy(() -> ContractTopics.coPartitionedCount(Map.of("orders", 2, "payments", 3)))
                .withMessage("topics [orders, payments-raw, payments] must have the same partition count"
                        + " (payments-service writes each payment to the payments partition numbered like its"
                        + " payments-raw partition), but they have {orders=2, payments=3}; delete them (or use a new"
                        + " --data-dir) and start again");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void createsWhatIsMissingKeepsWhatExistsAndKeepsOrdersAndPaymentsAligned(@TempDir Path dataDir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(LocalKafkaOptions.forTests(dataDir, 3).withCreateTopics(false));
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            assertThat(kafka.topics()).isEmpty();
            admin.createTopics(List.of(new NewTopic("orders", 2, (short) 1), new NewTopic("customer-streaks", 1, (short) 1)))
                    .all().get(30, TimeUnit.SECONDS);

            ContractTopics.Result first = ContractTopics.ensure(admin, 3, Duration.ofSeconds(30));

            assertThat(first.created()).hasSize(EXPECTED.size() - 2).doesNotContain("orders", "customer-streaks");
            assertThat(first.partitions())
                    .containsEntry("orders", 2)
                    .containsEntry("payments", 2) // follows its existing partner, not the requested 3
                    .containsEntry("customer-streaks", 1) // kept, only warned about
                    .containsEntry("payments-raw", 2) // co-partitioned too: follows orders
                    .containsEntry("payments-service-dlq", 3)
                    .hasSize(EXPECTED.size());

            ContractTopics.Result second = ContractTopics.ensure(admin, 3, Duration.ofSeconds(30));

            assertThat(second.created()).isEmpty();
            assertThat(second.partitions()).isEqualTo(first.partitions());
        }
    }
}
