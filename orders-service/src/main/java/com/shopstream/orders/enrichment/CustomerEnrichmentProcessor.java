package com.shopstream.orders.enrichment;

import com.shopstream.common.model.Customer;
import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.progress.LookupNote;
import com.shopstream.common.serde.BinaryEvents;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.VersionTiming;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
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
 * {@code customer_id}. Versions go into a versioned store as they are read, each from the time it counts from
 * ({@link VersionTiming#effective}); an order waits in the held store until the query's watermark has passed its
 * time ({@link VersionTiming#settled}), then is looked up as of its time and written, in the order of its time. An
 * order whose time the watermark had passed already (its partition was behind, or idle) is looked up at once: no
 * on-time version can change its answer any more. No order is refused: each is written once, with its customer's
 * version or with none ({@link LookupNote}).
 */
final class CustomerEnrichmentProcessor extends EventTimeOperator<ShopEvent, String, EnrichedOrder> {

    private static final Logger log = LoggerFactory.getLogger(CustomerEnrichmentProcessor.class);
    /** The one key of the held store that is not an order's: the newest time a version was put at. */
    private static final Bytes NEWEST_VERSION = Bytes.wrap(new byte[] {0});
    private static final Bytes FIRST_HELD = Bytes.wrap(new byte[2 * Long.BYTES]);

    private final CustomerEnrichment.StoreNames names;
    private final long historyRetention;
    private VersionedKeyValueStore<String, Customer> versions;
    private KeyValueStore<Bytes, byte[]> held;
    private long newestVersion = InputClocks.NONE;

    CustomerEnrichmentProcessor(QueryLateness query, CustomerEnrichment.StoreNames names, Duration historyRetention) {
        super(query, ShopEvent.class, names.frontier());
        this.names = names;
        this.historyRetention = historyRetention.toMillis();
    }

    @Override
    protected void open(ProcessorContext<String, EnrichedOrder> context) {
        versions = context.getStateStore(names.versions());
        held = context.getStateStore(names.held());
        byte[] newest = held.get(NEWEST_VERSION);
        newestVersion = newest == null ? InputClocks.NONE : ByteBuffer.wrap(newest).getLong();
    }

    @Override
    protected void onEvent(Timed.Event<ShopEvent> event, Record<String, Timed<ShopEvent>> record) {
        if (event.event() instanceof Customer customer) {
            putVersion(customer, event);
        } else {
            Order order = (Order) event.event();
            long time = order.orderTs().toEpochMilli();
            if (VersionTiming.settled(time, watermark())) {
                context().forward(new Record<>(order.key(), lookUp(order), time));
            } else {
                hold(order, time);
            }
        }
    }

    @Override
    protected void onWatermark(long previous, long next, Record<String, Timed<ShopEvent>> trigger) {
        List<KeyValue<Bytes, byte[]>> released = new ArrayList<>();
        // orders strictly before the watermark, in the order of their time (then of their id)
        try (KeyValueIterator<Bytes, byte[]> due = held.range(FIRST_HELD, heldKey(next - 1, Long.MAX_VALUE))) {
            due.forEachRemaining(released::add);
        }
        for (KeyValue<Bytes, byte[]> entry : released) {
            ByteBuffer in = ByteBuffer.wrap(entry.value);
            while (in.hasRemaining()) {
                Order order = (Order) BinaryEvents.read(in);
                context().forward(new Record<>(order.key(), lookUp(order), order.orderTs().toEpochMilli()));
            }
            held.delete(entry.key);
        }
    }

    private void putVersion(Customer customer, Timed.Event<ShopEvent> event) {
        VersionTiming.Effective effective = VersionTiming.effective(customer.validFrom().toEpochMilli(),
                partitionWatermark(event), watermark());
        if (!effective.onTime()) {
            progress().lookupNote(effective.late() == LateCause.PARTITION_WATERMARK
                    ? LookupNote.VERSION_LATE : LookupNote.VERSION_AFTER_IDLE);
            log.debug("customer {} version valid from {} read after orders it covers ({}): it counts from {}",
                    customer.customerId(), customer.validFrom(), effective.late().label(), effective.from());
        }
        if (versions.put(customer.key(), customer, effective.from()) == VersionedKeyValueStore.PUT_RETURN_CODE_NOT_PUT) {
            progress().lookupNote(LookupNote.VERSION_PAST_HISTORY);
            log.warn("customer {} version valid from {} is older than the history retention ({}) behind the newest "
                    + "version: not kept", customer.customerId(), customer.validFrom(), Duration.ofMillis(historyRetention));
            return;
        }
        if (effective.from() > newestVersion) {
            newestVersion = effective.from();
            held.put(NEWEST_VERSION, ByteBuffer.allocate(Long.BYTES).putLong(newestVersion).array());
        }
    }

    private EnrichedOrder lookUp(Order order) {
        long time = order.orderTs().toEpochMilli();
        String customer = Long.toString(order.customerId());
        VersionedRecord<Customer> version = versions.get(customer, time);
        if (version == null) {
            boolean expired = newestVersion != InputClocks.NONE && time < newestVersion - historyRetention;
            progress().lookupNote(expired ? LookupNote.HISTORY_EXPIRED : LookupNote.UNKNOWN_CUSTOMER);
            return EnrichedOrder.of(order, null);
        }
        return EnrichedOrder.of(order, version.value());
    }

    private void hold(Order order, long time) {
        Bytes key = heldKey(time, order.orderId());
        byte[] earlier = held.get(key);
        int offset = earlier == null ? 0 : earlier.length;
        // the same order twice (a duplicate) is held twice, and written twice
        ByteBuffer value = ByteBuffer.allocate(offset + BinaryEvents.size(order));
        if (earlier != null) {
            value.put(earlier);
        }
        BinaryEvents.write(order, value);
        held.put(key, value.array());
    }

    /** Time, then order id, each with its sign bit flipped so that the bytes sort as the numbers do. */
    private static Bytes heldKey(long time, long orderId) {
        return Bytes.wrap(ByteBuffer.allocate(2 * Long.BYTES).putLong(time ^ Long.MIN_VALUE)
                .putLong(orderId ^ Long.MIN_VALUE).array());
    }
}
