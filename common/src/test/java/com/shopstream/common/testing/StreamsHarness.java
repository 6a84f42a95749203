package com.shopstream.common.testing;

import com.shopstream.scenario.ScenarioEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/**
 * A service topology under {@link TopologyTestDriver}, fed JSON text and read back as text. Records are piped with
 * broker times (arrival timestamps) that have nothing to do with their event times, far after them, so a topology
 * that used the record timestamp as event time would fail its tests; {@link #pipeAt} chooses the broker time.
 * Windows close only when a later event advances stream time.
 */
public final class StreamsHarness implements AutoCloseable {

    /** Far from any event time of the scenarios: the record timestamp must never matter. */
    private static final Instant FIRST_ARRIVAL = Instant.parse("2031-01-01T00:00:00Z");

    private final TestStreams streams;
    private final TopologyTestDriver driver;
    private final Map<String, List<OutputRecord>> outputs = new HashMap<>();
    private Instant arrival = FIRST_ARRIVAL;

    public StreamsHarness(Topology topology, TestStreams streams) {
        this(topology, streams, Instant.now());
    }

    /** @param wallClock where the driver's wall clock starts (idle timeouts and report intervals run on it) */
    public StreamsHarness(Topology topology, TestStreams streams, Instant wallClock) {
        this.streams = streams;
        this.driver = new TopologyTestDriver(topology, streams.properties(), wallClock);
    }

    /** Moves the driver's wall clock on: punctuations due by then run (reports, idle checks). */
    public void advanceWallClock(Duration duration) {
        driver.advanceWallClockTime(duration);
    }

    /**
     * Lets one commit interval of wall-clock time pass: what a service writes once per commit interval (the coalesced
     * update rows of orders-service's windows and of session-service's sessions and streaks) is written.
     */
    public void nextCommit() {
        StreamsConfig config = new StreamsConfig(streams.properties());
        driver.advanceWallClockTime(Duration.ofMillis(config.getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)));
    }

    public void pipe(String topic, String key, String jsonValue) {
        pipe(topic, bytes(key), bytes(jsonValue), new RecordHeaders());
    }

    public void pipe(String topic, byte[] key, byte[] value, Headers headers) {
        arrival = arrival.plus(Duration.ofSeconds(1));
        pipeAt(topic, key, value, headers, arrival);
    }

    /** Sends a record whose broker time (its Kafka timestamp, as {@code LogAppendTime} gives it) is {@code at}. */
    public void pipeAt(String topic, String key, String jsonValue, Instant at) {
        pipeAt(topic, bytes(key), bytes(jsonValue), new RecordHeaders(), at);
    }

    private void pipeAt(String topic, byte[] key, byte[] value, Headers headers, Instant at) {
        driver.createInputTopic(topic, new ByteArraySerializer(), new ByteArraySerializer())
                .pipeInput(new TestRecord<>(key, value, headers, at));
    }

    /** Sends a scenario event to its input: orders to {@code ordersTopic}, payments to {@code paymentsTopic}. */
    public void pipe(ScenarioEvent event, String ordersTopic, String paymentsTopic) {
        if (event.isOrder()) {
            pipe(ordersTopic, event.key(), event.json());
        } else if (event.isPayment()) {
            pipe(paymentsTopic, event.key(), event.json());
        } else {
            throw new IllegalArgumentException("unknown stream " + event.stream() + " at seq " + event.seq());
        }
    }

    /** Every record written to {@code topic} so far, in order. */
    public List<OutputRecord> records(String topic) {
        List<OutputRecord> records = outputs.computeIfAbsent(topic, t -> new ArrayList<>());
        if (driver.producedTopicNames().contains(topic)) {
            for (TestRecord<byte[], byte[]> record : driver
                    .createOutputTopic(topic, new ByteArrayDeserializer(), new ByteArrayDeserializer())
                    .readRecordsToList()) {
                records.add(new OutputRecord(topic, text(record.key()), text(record.value()),
                        headers(record.headers()), record.getRecordTime()));
            }
        }
        return List.copyOf(records);
    }

    /**
     * Every record of every topic the topology wrote to so far but its internal ones (repartition topics and
     * changelogs, whose records the speed-ups change), by topic name.
     */
    public Map<String, List<OutputRecord>> outputs() {
        Map<String, List<OutputRecord>> outputs = new TreeMap<>();
        for (String topic : driver.producedTopicNames()) {
            if (!topic.endsWith("-repartition") && !topic.endsWith("-changelog")) {
                outputs.put(topic, records(topic));
            }
        }
        return outputs;
    }

    /** What a topic has written since the last call of this method for it. */
    public List<OutputRecord> newRecords(String topic) {
        int before = outputs.getOrDefault(topic, List.of()).size();
        List<OutputRecord> all = records(topic);
        return all.subList(before, all.size());
    }

    public List<ProducerRecord<byte[], byte[]>> deadLetters() {
        return streams.deadLetters().published();
    }

    public TestStreams streams() {
        return streams;
    }

    public TopologyTestDriver driver() {
        return driver;
    }

    @Override
    public void close() {
        driver.close();
    }

    static Map<String, String> headers(Headers headers) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Header header : headers) {
            out.put(header.key(), header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
