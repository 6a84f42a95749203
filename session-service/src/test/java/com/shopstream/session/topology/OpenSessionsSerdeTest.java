package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sessions without a final row keep the format they had before revisions; kept final sessions carry theirs. */
class OpenSessionsSerdeTest {

    private final OpenSessionsSerde serde = new OpenSessionsSerde();

    @Test
    void sessionsWithoutAFinalRowAreWrittenInTheFirstFormat() {
        List<OpenSession> open = List.of(new OpenSession(1_000, 2_000, 2, new BigDecimal("17.50")));

        byte[] bytes = serde.serializer().serialize("t", open);

        // version 1, count, then first, last, orders, scale, length and bytes of the unscaled total (1750 = 0x06D6)
        assertThat(bytes).isEqualTo(ByteBuffer.allocate(1 + 4 + 3 * 8 + 4 + 4 + 2).put((byte) 1).putInt(1)
                .putLong(1_000).putLong(2_000).putLong(2).putInt(2).putInt(2).put(new byte[] {0x06, (byte) 0xD6})
                .array());
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(open);
    }

    @Test
    void keptFinalSessionsKeepTheirRevisionAndWhereTheirFinalRowsAre() {
        List<OpenSession> open = List.of(new OpenSession(1_000, 2_000, 2, new BigDecimal("17.50"), 3, true, true),
                new OpenSession(9_000, 9_000, 1, new BigDecimal("-1.00"), 1, false, false),
                new OpenSession(12_000, 13_000, 3, new BigDecimal("4.00"), 2, false, true),
                new OpenSession(20_000, 21_000, 2, BigDecimal.ONE));

        byte[] bytes = serde.serializer().serialize("t", open);

        assertThat(bytes[0]).isEqualTo((byte) 2);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(open);
    }
}
