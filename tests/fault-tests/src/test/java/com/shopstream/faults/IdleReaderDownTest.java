package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.harness.Await;
import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.harness.KafkaTopics.Read;
import com.shopstream.harness.ServiceProcess;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A partition that was idle when its reader was killed is not idle while the reader is down: the record written to
 * it meanwhile keeps the windows it belongs to open until the replacement has read it, though the other partitions
 * go on far ahead. Two instances of orders-service share the orders partitions; the one reading an idle partition
 * gets SIGKILL; a record for an open window lands in that partition; the others move 17 minutes on.
 */
class IdleReaderDownTest {

    private static final Logger log = LoggerFactory.getLogger(IdleReaderDownTest.class);
    private static final String QUERY = "orders-per-5m";
    /** End offsets read every 3 s: the race between a write and the next read wide open (the code without the wait
     * for a fresh read lost it in one run of two). */
    private static final List<String> SETTINGS = List.of("--shopstream.watermark.idle-timeout=3s",
            "--shopstream.watermark.end-offsets-refresh=3s",
            "--spring.kafka.streams.properties.session.timeout.ms=10000");
    private static final Duration READY = Duration.ofMinutes(3);

    private final Instant t0 = Instant.now().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS);

    @Test
    void aRecordWrittenWhileTheReaderOfAnIdlePartitionIsDownKeepsItsWindowOpen() throws Exception {
        try (SuiteRun run = SuiteRun.start("idle-reader-down")) {
            ServiceProcess a = run.startService("orders-service", "orders-service-a", SETTINGS);
            ServiceProcess b = run.startService("orders-service", "orders-service-b", SETTINGS);
            a.awaitReady(READY);
            b.awaitReady(READY);
            Map<String, List<String>> inputs = Map.of("orders-service", List.of("orders"));

            // two orders in every partition in [t0, t0 + 5 min)
            write(run, 1_000, "00:30");
            write(run, 2_000, "03:00");
            run.awaitDrained(inputs, SuiteRun.DRAIN);
            Map.Entry<ServiceProcess, String> reader = readerOfAnIdlePartition(List.of(a, b));
            String idle = reader.getValue();
            int partition = Integer.parseInt(idle.substring(idle.lastIndexOf('-') + 1));
            log.info("{} reads {}, idle: killing it", reader.getKey().name(), idle);

            reader.getKey().kill();
            run.topics.write("orders", List.of(order(ids(3_000).get(partition), "04:00")));
            // the other partitions go 17 minutes on: with the dead reader's partition taken as idle, [t0, t0 + 5 min)
            // would close now, without the order above
            List<Message> ahead = new java.util.ArrayList<>();
            List<Long> later = ids(4_000);
            for (int p = 0; p < SuiteRun.PARTITIONS; p++) {
                if (p != partition) {
                    ahead.add(order(later.get(p), "20:00"));
                }
            }
            run.topics.write("orders", ahead);
            run.awaitDrained(inputs, SuiteRun.DRAIN);
            // with the dead reader's partition still taken as idle the window would be final by now, without the
            // order above (then late); the replacement may already have read it and, its partition quiet for the
            // idle timeout, found it idle again: then the window is final, and with the order
            String withIt = "\"orders\":" + (2 * SuiteRun.PARTITIONS + 1) + ",";
            assertThat(finals(run)).as("the window waits for the partition its dead reader left idle")
                    .allSatisfy(row -> assertThat(row.value()).contains(withIt));

            run.topics.write("orders", List.of(order(later.get(partition), "20:00")));
            Await.until("the window to be final", SuiteRun.DRAIN, () -> !finals(run).isEmpty());
            List<Read> finals = finals(run);
            assertThat(finals).extracting(Read::key).containsExactly(at("00:00") + "/" + at("05:00"));
            assertThat(finals.get(0).value()).as("the order written while the reader was down counts")
                    .contains(withIt);
            assertThat(run.topics.readAll(List.of("orders-service-late")).get("orders-service-late")).isEmpty();
        }
    }

    /**
     * An instance and a partition it reads and finds idle, the instance not running the query's windows: the windows
     * go on at once on the instance that survives, with end offsets read before the order was written (the race this
     * test is for), instead of being taken over with fresh ones.
     */
    private static Map.Entry<ServiceProcess, String> readerOfAnIdlePartition(List<ServiceProcess> instances) {
        List<Map.Entry<ServiceProcess, String>> found = new java.util.ArrayList<>();
        Await.until("an instance without the query's windows to read an idle partition", Duration.ofMinutes(2), () -> {
            for (ServiceProcess instance : instances) {
                ServiceProgress progress = ServiceProgress.of(instance);
                if (!progress.tasksOf(QUERY).isEmpty()) {
                    continue;
                }
                Set<String> idle = new TreeSet<>();
                progress.partitionsOf(QUERY).forEach((partition, state) -> {
                    if (state.readHere() && state.state().equals("idle")) {
                        idle.add(partition);
                    }
                });
                if (!idle.isEmpty()) {
                    found.add(Map.entry(instance, idle.iterator().next()));
                    return true;
                }
            }
            return false;
        });
        return found.get(0);
    }

    private void write(SuiteRun run, long from, String minuteSecond) {
        run.topics.write("orders", ids(from).stream().map(id -> order(id, minuteSecond)).toList());
    }

    private static List<Long> ids(long from) {
        return PartitionKeys.onePerPartition(SuiteRun.PARTITIONS, from, Long::toString);
    }

    private Message order(long id, String minuteSecond) {
        return Message.of(Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":1.00,"
                + "\"order_ts\":\"" + at(minuteSecond) + "\"}");
    }

    private String at(String minuteSecond) {
        String[] parts = minuteSecond.split(":");
        return t0.plus(Duration.ofMinutes(Long.parseLong(parts[0])).plusSeconds(Long.parseLong(parts[1]))).toString();
    }

    private static List<Read> finals(SuiteRun run) {
        return run.topics.readAll(List.of("orders-per-5m-final")).get("orders-per-5m-final");
    }
}
