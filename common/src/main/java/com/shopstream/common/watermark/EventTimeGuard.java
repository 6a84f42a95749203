package com.shopstream.common.watermark;

import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.streams.StreamsRuntime;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Tracks the newest event time of each input partition, persists it, and classifies each record against the
 * watermark before the record reaches the stateful operator it guards. It must sit in the operator's sub-topology,
 * right before it (after any repartition), so that both see the same records in the same order and agree on what is
 * late.
 *
 * <p>The record's timestamp is its event time: the input topics are read with the event-time extractor, and a
 * repartition carries the timestamp along.
 */
final class EventTimeGuard<K, V> implements FixedKeyProcessor<K, V, Guarded<V>> {

    private final WatermarkSpec spec;
    private final long delay;
    private FixedKeyProcessorContext<K, Guarded<V>> context;
    private PartitionEventTimes eventTimes;
    private QueryProgress progress;
    private String taskId;
    private boolean markPending;
    private String lastTopic;
    private int lastPartition = -1;
    private String lastPartitionKey;

    EventTimeGuard(WatermarkSpec spec) {
        this.spec = spec;
        this.delay = spec.delay().toMillis();
    }

    @Override
    public void init(FixedKeyProcessorContext<K, Guarded<V>> context) {
        this.context = context;
        KeyValueStore<String, Long> store = context.getStateStore(spec.storeName());
        this.eventTimes = PartitionEventTimes.load(store, spec.policy());
        this.progress = StreamsRuntime.from(context.appConfigs()).progress()
                .query(spec.query(), spec.delay(), spec.sourceTopics());
        this.taskId = context.taskId().toString();
        if (eventTimes.newest() != WatermarkPolicy.NONE) {
            progress.taskEventTime(taskId, eventTimes.newest());
            markPending = spec.streamTimeMarks();
        }
    }

    @Override
    public void process(FixedKeyRecord<K, V> record) {
        long newest = eventTimes.newest();
        if (markPending) {
            markPending = false;
            context.forward(record.withValue(Guarded.<V>mark()).withTimestamp(newest));
        }
        long eventTime = record.timestamp();
        progress.input(eventTime);
        long watermark = watermark(newest);
        Refusal refusal = spec.rule().refusal(eventTime, watermark);
        if (eventTimes.observe(partitionKey(), eventTime)) {
            progress.taskEventTime(taskId, eventTimes.newest());
        }
        long watermarkAfter = watermark(eventTimes.newest());
        if (refusal.none()) {
            context.forward(record.withValue(Guarded.admitted(record.value(), watermark, watermarkAfter)));
        } else {
            context.forward(record.withValue(Guarded.refused(record.value()))
                    .withHeaders(lateHeaders(record, refusal, watermark)));
            if (refusal.partial()) {
                progress.partlyLate(refusal.count());
                context.forward(record.withValue(Guarded.admitted(record.value(), watermark, watermarkAfter)));
            } else {
                progress.late(refusal.count());
            }
        }
    }

    private long watermark(long newest) {
        return newest == WatermarkPolicy.NONE ? WatermarkPolicy.NONE : newest - delay;
    }

    @Override
    public void close() {
        if (progress != null) {
            progress.taskClosed(taskId);
        }
    }

    private String partitionKey() {
        RecordMetadata metadata = context.recordMetadata().orElseThrow(() -> new IllegalStateException(
                "the event-time guard of " + spec.query() + " needs records that come from a topic"));
        // one or two partitions per task: remember the last key instead of building a string per record
        if (metadata.partition() != lastPartition || !metadata.topic().equals(lastTopic)) {
            lastTopic = metadata.topic();
            lastPartition = metadata.partition();
            lastPartitionKey = lastTopic + "-" + lastPartition;
        }
        return lastPartitionKey;
    }

    private RecordHeaders lateHeaders(FixedKeyRecord<K, V> record, Refusal refusal, long watermark) {
        RecordHeaders headers = new RecordHeaders();
        for (Header header : record.headers()) {
            headers.add(header);
        }
        put(headers, LateRecordHeaders.QUERY, spec.query());
        put(headers, LateRecordHeaders.WATERMARK, Instant.ofEpochMilli(watermark).toString());
        put(headers, LateRecordHeaders.EVENT_TIME, Instant.ofEpochMilli(record.timestamp()).toString());
        put(headers, LateRecordHeaders.REFUSED, refusal.all() ? "all" : "some");
        put(headers, LateRecordHeaders.REASON, refusal.reason());
        if (!refusal.refusedWindows().isEmpty()) {
            put(headers, LateRecordHeaders.REFUSED_WINDOWS, String.join(",", refusal.refusedWindows()));
        }
        return headers;
    }

    private static void put(RecordHeaders headers, String name, String value) {
        headers.remove(name);
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
