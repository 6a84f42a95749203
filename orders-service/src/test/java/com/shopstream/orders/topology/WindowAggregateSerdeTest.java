package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** A window no late order revised keeps the format it had before revisions; a revised one carries its revision. */
class WindowAggregateSerdeTest {

    private final WindowAggregateSerde serde = new WindowAggregateSerde();

    @Test
    void anUnrevisedWindowIsWrittenInTheFirstFormat() {
        byte[] bytes = serde.serializer().serialize("t", new WindowAggregate(3, new BigDecimal("12.50")));

        // version 1, count, scale, unscaled total (1250 = 0x04E2): the bytes written before revisions existed
        assertThat(bytes).isEqualTo(ByteBuffer.allocate(15).put((byte) 1).putLong(3).putInt(2)
                .put(new byte[] {0x04, (byte) 0xE2}).array());
        assertThat(serde.deserializer().deserialize("t", bytes))
                .isEqualTo(new WindowAggregate(3, new BigDecimal("12.50"), 0));
    }

    @Test
    void aRevisedWindowKeepsItsRevision() {
        WindowAggregate revised = new WindowAggregate(4, new BigDecimal("-0.01"), 7);

        byte[] bytes = serde.serializer().serialize("t", revised);

        assertThat(bytes[0]).isEqualTo((byte) 2);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(revised);
    }

    @Test
    void anUnknownVersionIsAClearError() {
        byte[] bytes = serde.serializer().serialize("t", new WindowAggregate(1, BigDecimal.ONE));
        bytes[0] = 3;

        assertThatThrownBy(() -> serde.deserializer().deserialize("t", bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessage("unknown window aggregate format version 3 (this build reads 1, 2)");
    }
}
