package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A day of event time through the whole suite: at least 1,000,000 orders over 25 hours from a constant 1,000
 * customers (with the generator's duplicates, very late orders and payments), into 3-partition topics, one hour of
 * event time at a time. After each hour, once every service has processed it, each service's progress endpoint gives
 * its stores' row counts. Each store must stay within what its watermark allows ({@link StoreBound}), at every hour,
 * and must not grow with the hours: the last hours hold no more than the first ones.
 *
 * <p>A soak, not part of {@code mvn verify} (about half an hour here):
 * {@code mvn -B -pl tests/fault-tests test -Dshopstream.soak=true -Dtest=BoundedStateSoakTest}; see the module's README.
 */
@EnabledIfSystemProperty(named = "shopstream.soak", matches = "true")
class BoundedStateSoakTest {

    private static final Logger log = LoggerFactory.getLogger(BoundedStateSoakTest.class);
    private static final long ORDERS = Long.getLong("shopstream.soak.orders", 1_000_000);
    private static final int HOURS = 25;
    private static final int PARTITIONS = 3;
    /** The full JIT: a soak runs long enough for it to pay off. */
    private static final List<String> JVM = List.of("-Xmx512m", "-XX:+UseSerialGC");
    private static final Duration HOUR_DRAIN = Duration.ofMinutes(10);

    @Test
    void everyStoreStaysWithinItsWatermarkBoundForADayOfEventTime() throws Exception {
        Duration spacing = Duration.ofHours(HOURS).dividedBy(ORDERS);
        Instant start = Instant.now().minus(Duration.ofHours(HOURS)).minus(Duration.ofMinutes(30))
                .truncatedTo(ChronoUnit.MINUTES);
        GeneratorSettings settings = GeneratorSettings.defaults(11, ORDERS).withSpacing(spacing).withStart(start);
        long ordersPerHour = ORDERS / HOURS;

        // service -> store -> rows after each hour
        Map<String, Map<String, List<Long>>> rows = new TreeMap<>();
        Map<String, Long> written = new LinkedHashMap<>();
        long firstEventTime = Long.MAX_VALUE;
        long lastEventTime = Long.MIN_VALUE;
        long started = System.nanoTime();
        try (SuiteRun run = SuiteRun.start("soak", PARTITIONS)) {
            run.startAll(List.of(), JVM);
            ShopStreamGenerator generator = new ShopStreamGenerator(settings);
            Map<String, List<Message>> batch = emptyBatch();
            long newOrders = 0;
            int hour = 0;
            while (generator.hasNext()) {
                GeneratedEvent event = generator.next();
                firstEventTime = Math.min(firstEventTime, event.eventTime());
                lastEventTime = Math.max(lastEventTime, event.eventTime());
                if (event.isOrder()) {
                    batch.get("orders").add(Message.of(event.key(), event.json()));
                    if (event.kind() != GeneratedEvent.Kind.DUPLICATE_ORDER) {
                        newOrders++;
                    }
                } else {
                    batch.get("payments-raw").add(Message.of(event.key(), event.json()));
                    batch.get("payments").add(Message.of(Long.toString(event.orderId()), event.json()));
                }
                if (newOrders == ordersPerHour * (hour + 1) || !generator.hasNext()) {
                    hour++;
                    writeAndDrain(run, batch, written);
                    sample(run, rows);
                    log.info("hour {} of event time: {} s since start, store rows {}", hour,
                            (System.nanoTime() - started) / 1_000_000_000, latest(rows));
                    batch = emptyBatch();
                }
            }
            for (var service : run.instances()) {
                assertThat(service.isAlive() && service.isReady()).as(service.name() + " ready after the soak")
                        .isTrue();
            }
        }

        double seconds = (lastEventTime - firstEventTime) / 1000.0;
        assertThat(seconds).as("event time covered").isGreaterThanOrEqualTo(Duration.ofHours(24).toSeconds());
        assertThat(written.get("orders")).isGreaterThanOrEqualTo(ORDERS);
        StoreBound.Rates rates = new StoreBound.Rates(written.get("orders") / seconds,
                written.get("payments") / seconds, settings.customers(), PARTITIONS, settings.maxDisorder());
        log.info("written {} over {} h of event time in {} s: {} orders/s and {} payments/s of event time", written,
                String.format("%.1f", seconds / 3600), (System.nanoTime() - started) / 1_000_000_000,
                String.format("%.2f", rates.ordersPerSecond()), String.format("%.2f", rates.paymentsPerSecond()));

        List<String> table = new ArrayList<>();
        table.add("| service | store | bound | hour 1 | hour 6 | hour 12 | hour 18 | hour 24 | end | max first 6 h "
                + "| max last 6 h |");
        table.add("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        rows.forEach((service, stores) -> stores.forEach((store, hourly) -> table.add(String.format(
                "| %s | %s | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,d |", service, store,
                StoreBound.of(store, rates).rows(), hourly.get(0), hourly.get(5), hourly.get(11), hourly.get(17),
                hourly.get(23), hourly.get(hourly.size() - 1), firstSix(hourly), lastSix(hourly)))));
        log.info("state rows of every store, {} order records over {} h:\n{}", written.get("orders"),
                String.format("%.1f", seconds / 3600), String.join("\n", table));

        for (Map<String, List<Long>> stores : rows.values()) {
            stores.forEach((store, hourly) -> {
                StoreBound bound = StoreBound.of(store, rates);
                if (bound.rows() < 0) {
                    assertThat(hourly).as(store + " reports no size").containsOnly(-1L);
                    return;
                }
                assertThat(hourly).as(store + " at every hour, bound " + bound.why())
                        .allSatisfy(r -> assertThat(r).isBetween(0L, bound.rows()));
                // no growth with the hours; a little noise allowed (rows move with the arrival rate of the hour). The
                // last sample follows the stream's closing stretch, where the orders stop before their payments (a
                // payment then waits for the orders' watermark): it is held to the bound above, not to this.
                assertThat(lastSixFullHours(hourly)).as(store + ": the last 6 full hours against the first 6 " + hourly)
                        .isLessThanOrEqualTo(firstSix(hourly) * 3 / 2 + 2L * PARTITIONS);
            });
        }
    }

    private static long firstSix(List<Long> hourly) {
        return max(hourly.subList(0, 6));
    }

    private static long lastSix(List<Long> hourly) {
        return max(hourly.subList(hourly.size() - 6, hourly.size()));
    }

    private static long lastSixFullHours(List<Long> hourly) {
        return max(hourly.subList(hourly.size() - 7, hourly.size() - 1));
    }

    private static Map<String, List<Message>> emptyBatch() {
        Map<String, List<Message>> batch = new LinkedHashMap<>();
        ShopStream.INPUT_TOPICS.forEach(t -> batch.put(t, new ArrayList<>()));
        return batch;
    }

    private static void writeAndDrain(SuiteRun run, Map<String, List<Message>> batch, Map<String, Long> written) {
        batch.forEach((topic, messages) -> {
            run.topics.write(topic, messages);
            written.merge(topic, (long) messages.size(), Long::sum);
        });
        run.awaitDrained(HOUR_DRAIN);
    }

    private static void sample(SuiteRun run, Map<String, Map<String, List<Long>>> rows) {
        Instant drained = Instant.now();
        for (var service : run.instances()) {
            ServiceProgress progress = ServiceProgress.after(service, drained);
            progress.storeRows().forEach((store, count) -> rows.computeIfAbsent(service.name(), s -> new TreeMap<>())
                    .computeIfAbsent(store, s -> new ArrayList<>()).add(count));
        }
    }

    private static Map<String, Long> latest(Map<String, Map<String, List<Long>>> rows) {
        Map<String, Long> latest = new TreeMap<>();
        rows.values().forEach(stores -> stores.forEach((store, hourly) -> latest.put(store,
                hourly.get(hourly.size() - 1))));
        return latest;
    }

    private static long max(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).max().orElseThrow();
    }
}
