package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.BinaryEvents;
import com.shopstream.common.serde.BinaryFormat;
import com.shopstream.eventtime.InputPartition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The format of repartition topics between a source step and a query's operator: a version byte, a kind byte, the
 * input partition, then the event's clocks and the event ({@link BinaryEvents}), or the report's fields; for a
 * batch, its destination partition and then {@link EventBatches}' form (which names the input partition); for
 * partials, destination, partition count, input partition, timestamp, entries and their bytes. Binary and
 * versioned: every admitted event crosses it, and a repartition topic outlives a release while it drains.
 */
public final class TimedSerde<V extends ShopEvent> implements Serde<Timed<V>> {

    private static final byte VERSION = 1;
    private static final byte EVENT = 'E';
    private static final byte REPORT = 'R';
    private static final byte BATCH = 'B';
    private static final byte PARTIALS = 'P';

    private final Class<V> type;

    public TimedSerde(Class<V> type) {
        this.type = type;
    }

    @Override
    public Serializer<Timed<V>> serializer() {
        return (topic, timed) -> timed == null ? null : write(timed);
    }

    @Override
    public Deserializer<Timed<V>> deserializer() {
        return (topic, bytes) -> bytes == null ? null : read(bytes);
    }

    private byte[] write(Timed<V> timed) {
        if (timed instanceof Timed.Event<V> event) {
            byte[] topic = utf8(event.source().topic());
            ByteBuffer out = ByteBuffer.allocate(2 + header(topic) + Integer.BYTES + 2 * Long.BYTES
                    + BinaryEvents.size(event.event()));
            out.put(VERSION).put(EVENT);
            putSource(out, topic, event.source().partition());
            out.putInt(event.partitionCount()).putLong(event.newestBefore()).putLong(event.newestAfter());
            BinaryEvents.write(event.event(), out);
            return out.array();
        }
        if (timed instanceof Timed.Report<V> report) {
            byte[] topic = utf8(report.source().topic());
            ByteBuffer out = ByteBuffer.allocate(2 + header(topic) + Integer.BYTES + 2 * Long.BYTES + 1);
            out.put(VERSION).put(REPORT);
            putSource(out, topic, report.source().partition());
            out.putInt(report.partitionCount()).putLong(report.newest()).put((byte) (report.idle() ? 1 : 0))
                    .putLong(report.endOffset());
            return out.array();
        }
        if (timed instanceof Timed.Batch<V> batch) {
            return ByteBuffer.allocate(2 + Integer.BYTES + batch.encoded().length)
                    .put(VERSION).put(BATCH).putInt(batch.destination()).put(batch.encoded()).array();
        }
        if (timed instanceof Timed.Partials<V> partials) {
            byte[] topic = utf8(partials.source().topic());
            ByteBuffer out = ByteBuffer.allocate(2 + 2 * Integer.BYTES + header(topic) + Long.BYTES + Integer.BYTES
                    + partials.encoded().length);
            out.put(VERSION).put(PARTIALS).putInt(partials.destination()).putInt(partials.destinations());
            putSource(out, topic, partials.source().partition());
            out.putLong(partials.timestamp()).putInt(partials.size()).put(partials.encoded());
            return out.array();
        }
        throw new SerializationException(timed.getClass().getSimpleName() + " never crosses a topic: " + timed);
    }

    private Timed<V> read(byte[] bytes) {
        ByteBuffer in = BinaryFormat.open(bytes, VERSION, "event-time record");
        byte kind = in.get();
        if (kind == BATCH) {
            int destination = in.getInt();
            return EventBatches.batch(Arrays.copyOfRange(bytes, in.position(), bytes.length), destination);
        }
        if (kind == PARTIALS) {
            int destination = in.getInt();
            int destinations = in.getInt();
            InputPartition source = getSource(in);
            long timestamp = in.getLong();
            int size = in.getInt();
            return new Timed.Partials<>(destination, destinations, source, timestamp, size,
                    Arrays.copyOfRange(bytes, in.position(), bytes.length));
        }
        InputPartition source = getSource(in);
        if (kind == EVENT) {
            int count = in.getInt();
            long newestBefore = in.getLong();
            long newestAfter = in.getLong();
            ShopEvent event = BinaryEvents.read(in);
            if (!type.isInstance(event)) {
                throw new SerializationException("expected " + type.getSimpleName() + ", read " + event);
            }
            return new Timed.Event<>(type.cast(event), source, count, newestBefore, newestAfter);
        }
        if (kind == REPORT) {
            int count = in.getInt();
            long newest = in.getLong();
            boolean idle = in.get() == 1;
            return new Timed.Report<>(source, count, newest, idle, in.getLong());
        }
        throw new SerializationException("unknown event-time record kind " + kind);
    }

    private static int header(byte[] topic) {
        return Short.BYTES + topic.length + Integer.BYTES;
    }

    private static void putSource(ByteBuffer out, byte[] topic, int partition) {
        out.putShort((short) topic.length).put(topic).putInt(partition);
    }

    private static InputPartition getSource(ByteBuffer in) {
        byte[] topic = new byte[in.getShort()];
        in.get(topic);
        return new InputPartition(new String(topic, StandardCharsets.UTF_8), in.getInt());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
