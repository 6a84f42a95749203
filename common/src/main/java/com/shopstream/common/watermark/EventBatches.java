package com.shopstream.common.watermark;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.BinaryEvents;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The binary form of a {@link Timed.Batch}, which is also how {@link RepartitionBatcher} keeps a batch while it
 * grows: a header at fixed offsets (events, the source topic's partition count as its events knew it, clock after
 * the last event, newest timestamp, the destination topic's partition count, the batch's place in arrival order),
 * the source partition, then per event its record's key, timestamp and headers, its clocks and the event
 * ({@link BinaryEvents}). Each entry keeps what the record it replaces had, so an operator that sends an event on (to
 * the late topic) sends the record it would have read one by one.
 */
public final class EventBatches {

    private static final int SIZE = 0;
    private static final int PARTITION_COUNT = 4;
    private static final int NEWEST_AFTER = 8;
    private static final int TIMESTAMP = 16;
    private static final int DESTINATIONS = 24;
    private static final int SEQUENCE = 28;
    private static final int SOURCE = 36;

    /** An event of a batch, with its record's key, timestamp and headers. */
    public record Entry<V>(String key, long timestamp, Headers headers, Timed.Event<V> event) {

        /** The record the event would have come in without the batch. */
        public Record<String, Timed<V>> record() {
            return new Record<>(key, event, timestamp, headers);
        }
    }

    private EventBatches() {
    }

    /**
     * An empty batch of events of {@code source} (whose topic has {@code partitionCount} partitions, as they know
     * it) for a topic of {@code destinations} partitions; {@code sequence} orders it among the batches of its step.
     */
    public static byte[] start(InputPartition source, int partitionCount, int destinations, long sequence) {
        byte[] topic = utf8(source.topic());
        return ByteBuffer.allocate(SOURCE + Integer.BYTES + topic.length + Integer.BYTES)
                .putInt(SIZE, 0).putInt(PARTITION_COUNT, partitionCount).putLong(NEWEST_AFTER, InputClocks.NONE)
                .putLong(TIMESTAMP, Long.MIN_VALUE).putInt(DESTINATIONS, destinations).putLong(SEQUENCE, sequence)
                .position(SOURCE).putInt(topic.length).put(topic).putInt(source.partition())
                .array();
    }

    /** {@code batch} with one more event at its end (a new array: the old one may still be in a store's cache). */
    public static byte[] append(byte[] batch, String key, long timestamp, Headers headers,
                                Timed.Event<? extends ShopEvent> event) {
        byte[] keyBytes = key == null ? null : utf8(key);
        int length = Integer.BYTES + (keyBytes == null ? 0 : keyBytes.length) + Long.BYTES + headersSize(headers)
                + 2 * Long.BYTES + Integer.BYTES + BinaryEvents.size(event.event());
        ByteBuffer out = ByteBuffer.wrap(Arrays.copyOf(batch, batch.length + length));
        out.putInt(SIZE, out.getInt(SIZE) + 1)
                .putLong(NEWEST_AFTER, Math.max(out.getLong(NEWEST_AFTER), event.newestAfter()))
                .putLong(TIMESTAMP, Math.max(out.getLong(TIMESTAMP), timestamp));
        out.position(batch.length);
        if (keyBytes == null) {
            out.putInt(-1);
        } else {
            out.putInt(keyBytes.length).put(keyBytes);
        }
        out.putLong(timestamp);
        putHeaders(out, headers);
        out.putLong(event.newestBefore()).putLong(event.newestAfter()).putInt(event.partitionCount());
        BinaryEvents.write(event.event(), out);
        return out.array();
    }

    public static int size(byte[] batch) {
        return ByteBuffer.wrap(batch).getInt(SIZE);
    }

    /**
     * Whether an event that knows {@code partitionCount} partitions of its topic, for a topic of {@code destinations}
     * partitions, belongs in {@code batch} (of its own source partition): a batch holds events that agree on both, so
     * that what an operator learns from its header is what each of them would have told it.
     */
    public static boolean takes(byte[] batch, int partitionCount, int destinations) {
        ByteBuffer header = ByteBuffer.wrap(batch);
        return header.getInt(DESTINATIONS) == destinations && header.getInt(PARTITION_COUNT) == partitionCount;
    }

    /** The destination topic's partition count the batch was made for. */
    public static int destinations(byte[] batch) {
        return ByteBuffer.wrap(batch).getInt(DESTINATIONS);
    }

    /** The batch's place in the arrival order of its step's batches. */
    public static long sequence(byte[] batch) {
        return ByteBuffer.wrap(batch).getLong(SEQUENCE);
    }

    /** The batch as a record value, for {@code destination}. */
    public static <V> Timed.Batch<V> batch(byte[] encoded, int destination) {
        ByteBuffer in = ByteBuffer.wrap(encoded);
        int destinations = in.getInt(DESTINATIONS);
        if (destination < 0 || destination >= destinations) {
            throw new SerializationException("batch for partition " + destination + " of " + destinations);
        }
        return new Timed.Batch<>(destination, destinations, source(encoded), in.getInt(PARTITION_COUNT),
                in.getLong(NEWEST_AFTER), in.getLong(TIMESTAMP), in.getInt(SIZE), encoded);
    }

    /** The events of {@code batch}, in the order they were read. */
    public static <V extends ShopEvent> List<Entry<V>> entries(Timed.Batch<V> batch, Class<V> type) {
        ByteBuffer in = ByteBuffer.wrap(batch.encoded()).position(SOURCE);
        in.position(in.position() + Integer.BYTES + in.getInt(SOURCE) + Integer.BYTES);
        List<Entry<V>> entries = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            int keyLength = in.getInt();
            String key = keyLength < 0 ? null : string(in, keyLength);
            long timestamp = in.getLong();
            Headers headers = getHeaders(in);
            long newestBefore = in.getLong();
            long newestAfter = in.getLong();
            int partitionCount = in.getInt();
            ShopEvent event = BinaryEvents.read(in);
            if (!type.isInstance(event)) {
                // the batch record's own bytes: its fault, a dead letter (RecordFault), not a stop
                throw new InvalidEventException(null,
                        "expected " + type.getSimpleName() + " in a batch, read " + event);
            }
            entries.add(new Entry<>(key, timestamp, headers, new Timed.Event<>(type.cast(event), batch.source(),
                    partitionCount, newestBefore, newestAfter)));
        }
        if (in.hasRemaining()) {
            throw new InvalidEventException(null, "a batch of " + batch.size() + " events has " + in.remaining()
                    + " bytes more");
        }
        return entries;
    }

    private static InputPartition source(byte[] batch) {
        ByteBuffer in = ByteBuffer.wrap(batch).position(SOURCE);
        String topic = string(in, in.getInt());
        return new InputPartition(topic, in.getInt());
    }

    private static int headersSize(Headers headers) {
        int size = Integer.BYTES;
        for (Header header : headers) {
            byte[] value = header.value();
            size += Integer.BYTES + utf8(header.key()).length + Integer.BYTES + (value == null ? 0 : value.length);
        }
        return size;
    }

    private static void putHeaders(ByteBuffer out, Headers headers) {
        int countAt = out.position();
        out.putInt(0);
        int count = 0;
        for (Header header : headers) {
            byte[] key = utf8(header.key());
            out.putInt(key.length).put(key);
            byte[] value = header.value();
            if (value == null) {
                out.putInt(-1);
            } else {
                out.putInt(value.length).put(value);
            }
            count++;
        }
        out.putInt(countAt, count);
    }

    private static Headers getHeaders(ByteBuffer in) {
        RecordHeaders headers = new RecordHeaders();
        int count = in.getInt();
        for (int i = 0; i < count; i++) {
            String key = string(in, in.getInt());
            int length = in.getInt();
            byte[] value = null;
            if (length >= 0) {
                value = new byte[length];
                in.get(value);
            }
            headers.add(key, value);
        }
        return headers;
    }

    private static String string(ByteBuffer in, int length) {
        String text = new String(in.array(), in.position(), length, StandardCharsets.UTF_8);
        in.position(in.position() + length);
        return text;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
