package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.math.BigDecimal;
import java.time.Instant;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class TimedSerdeTest {

    private static final InputPartition ORDERS_2 = new InputPartition("orders", 2);

    @Test
    void eventsAndReportsCrossATopicUnchanged() {
        TimedSerde<ShopEvent> serde = new TimedSerde<>(ShopEvent.class);
        Order order = new Order(110, 1, new BigDecimal("12.50"), Instant.parse("2026-01-22T10:00:30Z"));
        Payment payment = new Payment("pay-é", 110, new BigDecimal("123456789012.05"),
                Instant.parse("2026-01-22T10:03:00.123Z"));
        for (Timed<ShopEvent> timed : java.util.List.<Timed<ShopEvent>>of(
                new Timed.Event<>(order, ORDERS_2, 3, InputClocks.NONE, 1_000),
                new Timed.Event<>(payment, new InputPartition("payments", 0), 0, 5, 6),
                new Timed.Report<>(ORDERS_2, 3, 1_769_076_030_000L, true, 42),
                new Timed.Report<>(ORDERS_2, 0, InputClocks.NONE, false, 0))) {
            byte[] bytes = serde.serializer().serialize("t", timed);
            assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(timed);
        }
    }

    @Test
    void partialsCrossATopicWithTheirEntriesBytesUntouched() {
        TimedSerde<Order> serde = new TimedSerde<>(Order.class);
        byte[] entries = {1, 2, 3, 4, 5};
        for (Timed.Partials<Order> partials : java.util.List.of(
                new Timed.Partials<Order>(2, 3, ORDERS_2, 1_769_076_030_000L, 7, entries),
                new Timed.Partials<Order>(-1, 0, new InputPartition("orders-é", 0), 0, 1, new byte[0]))) {
            byte[] bytes = serde.serializer().serialize("t", partials);

            Timed.Partials<Order> read = (Timed.Partials<Order>) serde.deserializer().deserialize("t", bytes);

            assertThat(read).usingRecursiveComparison().isEqualTo(partials);
        }
    }

    @Test
    void advancesAndLateRecordsNeverCrossATopic() {
        TimedSerde<Order> serde = new TimedSerde<>(Order.class);

        assertThatThrownBy(() -> serde.serializer().serialize("t", new Timed.Advance<>(5)))
                .isInstanceOf(SerializationException.class).hasMessageContaining("never crosses a topic");
    }

    @Test
    void anUnknownVersionOrAnotherEventTypeIsRefused() {
        TimedSerde<Order> orders = new TimedSerde<>(Order.class);
        TimedSerde<ShopEvent> events = new TimedSerde<>(ShopEvent.class);
        byte[] payment = events.serializer().serialize("t", new Timed.Event<>(
                new Payment("p", 1, BigDecimal.ONE, Instant.EPOCH), ORDERS_2, 1, 0, 0));

        assertThatThrownBy(() -> orders.deserializer().deserialize("t", payment))
                .isInstanceOf(SerializationException.class).hasMessageContaining("expected Order");
        payment[0] = 9;
        assertThatThrownBy(() -> events.deserializer().deserialize("t", payment))
                .isInstanceOf(SerializationException.class).hasMessageContaining("version 9");
    }
}
