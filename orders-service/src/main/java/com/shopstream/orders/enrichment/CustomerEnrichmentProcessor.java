package com.shopstream.orders.enrichment;

import com.shopstream.common.model.Customer;
import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.progress.LookupNote;
import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.RepartitionTarget;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.VersionTiming;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.VersionedKeyValueStore;
import org.apache.kafka.streams.state.VersionedRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Joins each order to the version of its customer valid at its {@code order_ts}, behind the repartition by
 * {@code customer_id}. Versions and orders wait in the held store, by time: a version by the time it counts from
 * ({@link VersionTiming#effective}), an order by its own. When the query's watermark passes them
 * ({@link VersionTiming#settled}), they go in the order of their times, a version before an order of the same time:
 * the version into the versioned store (unless the customer's version there is newer by {@code valid_from}: a late
 * old version never replaces a newer one), the order looked up as of its time and written. So the store only ever
 * goes forward in time, as far as the watermark, however far ahead one input was read. An order whose time the
 * watermark had passed already (its partition was behind, or idle) is looked up at once: every version that can
 * count at its time is in the store. No order is refused: each is written once, with its customer's version or with
 * none ({@link LookupNote}).
 */
final class CustomerEnrichmentProcessor extends EventTimeOperator<ShopEvent, String, Timed<EnrichedOrder>> {

    private static final Logger log = LoggerFactory.getLogger(CustomerEnrichmentProcessor.class);
    /** The one key of the held store that is not a held event's: the newest time a version was put at. */
    private static final Bytes NEWEST_VERSION = Bytes.wrap(new byte[] {0});
    private static final int KEY_SIZE = 2 * Long.BYTES + 1;
    private static final Bytes FIRST_HELD = Bytes.wrap(new byte[KEY_SIZE]);
    /** At a time, versions go before orders: a version counts from its time on. */
    private static final byte VERSION = 0;
    private static final byte ORDER = 1;
    /** Held entries released per store scan: an advance after a long hold does not load them all at once. */
    private static final int RELEASE_CHUNK = 1_000;
    private static final TimedSerde<ShopEvent> HELD = new TimedSerde<>(ShopEvent.class);

    private final Punctuations punctuations = new Punctuations();
    private final CustomerEnrichment.StoreNames names;
    private final long historyRetention;
    private final boolean reports;
    private final long delay;
    private RepartitionTarget repartition;
    /** The frontier this task last reported to the windows behind it ({@link InputClocks#NONE}: none yet). */
    private long reported = InputClocks.NONE;
    private VersionedKeyValueStore<String, Customer> versions;
    private KeyValueStore<Bytes, byte[]> held;
    private long newestVersion = InputClocks.NONE;

    /**
     * @param reports whether window queries read the enriched orders: then after each advance, and on a timer, a
     *                report of this task's frontier (what it has released is before its watermark) goes to them, as
     *                a source step's would
     */
    CustomerEnrichmentProcessor(QueryLateness query, CustomerEnrichment.StoreNames names, Duration historyRetention,
                                boolean reports) {
        super(query, ShopEvent.class, names.frontier());
        this.names = names;
        this.historyRetention = historyRetention.toMillis();
        this.reports = reports;
        this.delay = query.delay().toMillis();
    }

    @Override
    protected void open(ProcessorContext<String, Timed<EnrichedOrder>> context) {
        repartition = RepartitionTarget.of(context, CustomerEnrichment.BY_CUSTOMER, null);
        versions = context.getStateStore(names.versions());
        held = context.getStateStore(names.held());
        byte[] newest = held.get(NEWEST_VERSION);
        newestVersion = newest == null ? InputClocks.NONE : ByteBuffer.wrap(newest).getLong();
        reported = InputClocks.NONE;
        if (reports) {
            // a report the partition count was not known for yet, or the last one a restart may have lost
            punctuations.schedule(context, EventTimeRuntime.from(context.appConfigs()).reportInterval(),
                    PunctuationType.WALL_CLOCK_TIME, now -> report(Math.max(0, context.currentStreamTimeMs())));
        }
    }

    @Override
    public void close() {
        punctuations.cancelAll();
    }

    @Override
    protected void onEvent(Timed.Event<ShopEvent> event, Record<String, Timed<ShopEvent>> record) {
        if (event.event() instanceof Customer customer) {
            VersionTiming.Effective effective = VersionTiming.effective(customer.validFrom().toEpochMilli(),
                    partitionWatermark(event), watermark());
            if (!effective.onTime()) {
                progress().lookupNote(effective.late() == LateCause.PARTITION_WATERMARK
                        ? LookupNote.VERSION_LATE : LookupNote.VERSION_AFTER_IDLE);
                log.debug("customer {} version valid from {} read after orders it covers ({}): it counts from {}",
                        customer.customerId(), customer.validFrom(), effective.late().label(),
                        Instant.ofEpochMilli(effective.from()));
            }
            // never before the watermark (VersionTiming): it waits like an order
            hold(heldKey(effective.from(), VERSION, customer.customerId()), event, record.timestamp());
        } else {
            Order order = (Order) event.event();
            long time = order.orderTs().toEpochMilli();
            if (VersionTiming.settled(time, watermark())) {
                write(event, record.timestamp());
            } else {
                hold(heldKey(time, ORDER, order.orderId()), event, record.timestamp());
            }
        }
    }

    @Override
    protected void onWatermark(long previous, long next, Record<String, Timed<ShopEvent>> trigger) {
        // what is strictly before the watermark, in the order of the keys: time, versions first, id
        Bytes upTo = heldKey(next - 1, Byte.MAX_VALUE, Long.MAX_VALUE);
        List<KeyValue<Bytes, byte[]>> due = new ArrayList<>(RELEASE_CHUNK);
        Bytes from = FIRST_HELD;
        do {
            due.clear();
            // each chunk after the last one's keys, not over their deletes again
            try (KeyValueIterator<Bytes, byte[]> entries = held.range(from, upTo)) {
                while (entries.hasNext() && due.size() < RELEASE_CHUNK) {
                    due.add(entries.next());
                }
            }
            for (KeyValue<Bytes, byte[]> entry : due) {
                release(entry);
                held.delete(entry.key);
            }
            if (!due.isEmpty()) {
                from = Bytes.increment(due.get(due.size() - 1).key);
            }
        } while (due.size() == RELEASE_CHUNK);
        // after what it released: the windows behind may close what is before this task's watermark
        report(trigger.timestamp());
    }

    /**
     * Tells the windows behind this task's frontier (its watermark plus its delay: a window query reading the
     * enriched orders has a grace of at least that delay, so its watermark stays behind this task's), to every
     * partition of their repartition, as one partition ({@value CustomerEnrichment#QUERY}, numbered like the task)
     * of the enrichment's output.
     */
    private void report(long timestamp) {
        int partitions = reports && watermark() != InputClocks.NONE ? repartition.partitions() : 0;
        long frontier = watermark() + delay;
        if (partitions > 0 && frontier > reported) {
            reported = frontier;
            context().forward(new Record<>(EventTimeSteps.NO_KEY, new Timed.Report<>(new InputPartition(
                    CustomerEnrichment.QUERY, context().taskId().partition()), partitions, frontier, false, -1L),
                    timestamp));
        }
    }

    private void release(KeyValue<Bytes, byte[]> entry) {
        long time = ByteBuffer.wrap(entry.key.get()).getLong() ^ Long.MIN_VALUE;
        List<Held> events = new ArrayList<>();
        ByteBuffer in = ByteBuffer.wrap(entry.value);
        while (in.hasRemaining()) {
            byte[] timed = new byte[in.getInt()];
            long timestamp = in.getLong();
            in.get(timed);
            events.add(new Held((Timed.Event<ShopEvent>) HELD.deserializer().deserialize(names.held(), timed),
                    timestamp));
        }
        if (events.get(0).event().event() instanceof Customer) {
            // versions of one customer counting from the same time: the newest by valid_from is the one that counts
            events.sort(Comparator.comparing(held -> ((Customer) held.event().event()).validFrom()));
            events.forEach(held -> putVersion((Customer) held.event().event(), time));
        } else {
            events.forEach(held -> write(held.event(), held.timestamp()));
        }
    }

    /** A held event and the time of the record it came in. */
    private record Held(Timed.Event<ShopEvent> event, long timestamp) {
    }

    /**
     * The order, looked up, with the clock of its {@code orders} partition: the windows behind judge it by it. The
     * record time is that of the record it came in, the source step's reading of its partition's clock (the frontier
     * tracker behind takes it for the brokers' time, which an {@code order_ts} ahead of it would move on).
     */
    private void write(Timed.Event<ShopEvent> event, long timestamp) {
        Order order = (Order) event.event();
        context().forward(new Record<>(order.key(), new Timed.Event<>(lookUp(order), event.source(),
                event.partitionCount(), event.newestBefore(), event.newestAfter()), timestamp));
    }

    private void putVersion(Customer customer, long from) {
        VersionedRecord<Customer> current = versions.get(customer.key());
        if (current != null && current.value().validFrom().isAfter(customer.validFrom())) {
            // an old version come late: the customer's newer version stays valid
            progress().lookupNote(LookupNote.VERSION_SUPERSEDED);
            return;
        }
        if (versions.put(customer.key(), customer, from) == VersionedKeyValueStore.PUT_RETURN_CODE_NOT_PUT) {
            // puts go in the order of their times: none can be behind the store's history. Not a record's fault
            throw new StreamsException("the versioned store " + names.versions() + " refused customer "
                    + customer.customerId() + "'s version at " + Instant.ofEpochMilli(from));
        }
        if (from > newestVersion) {
            newestVersion = from;
            held.put(NEWEST_VERSION, ByteBuffer.allocate(Long.BYTES).putLong(newestVersion).array());
        }
    }

    private EnrichedOrder lookUp(Order order) {
        long time = order.orderTs().toEpochMilli();
        VersionedRecord<Customer> version = versions.get(Long.toString(order.customerId()), time);
        if (version == null) {
            // only an order looked up at once can be further back than the history keeps behind the newest version put
            // (of any customer of this task); its customer has a version, but none the store still knows for then
            boolean expired = newestVersion != InputClocks.NONE && time < newestVersion - historyRetention
                    && versions.get(Long.toString(order.customerId())) != null;
            progress().lookupNote(expired ? LookupNote.HISTORY_EXPIRED : LookupNote.UNKNOWN_CUSTOMER);
            return EnrichedOrder.of(order, null);
        }
        return EnrichedOrder.of(order, version.value());
    }

    /**
     * Adds {@code event}, with its partition's clock and the time of the record it came in, to the held entry at
     * {@code key}: the same order twice (a duplicate) is written twice.
     */
    private void hold(Bytes key, Timed.Event<ShopEvent> event, long timestamp) {
        byte[] earlier = held.get(key);
        byte[] timed = HELD.serializer().serialize(names.held(), event);
        int offset = earlier == null ? 0 : earlier.length;
        ByteBuffer value = ByteBuffer.allocate(offset + Integer.BYTES + Long.BYTES + timed.length);
        if (earlier != null) {
            value.put(earlier);
        }
        held.put(key, value.putInt(timed.length).putLong(timestamp).put(timed).array());
    }

    /** Time, kind, then id; time and id with their sign bit flipped, so that the bytes sort as the numbers do. */
    private static Bytes heldKey(long time, byte kind, long id) {
        return Bytes.wrap(ByteBuffer.allocate(KEY_SIZE).putLong(time ^ Long.MIN_VALUE).put(kind)
                .putLong(id ^ Long.MIN_VALUE).array());
    }
}
