package com.shopstream.orders.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.shopstream.orders.topology.WindowQuery;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;

/**
 * What a caller of {@code GET /windows} can ask for to make an instance load a whole store, or fail: a huge range,
 * a range with more windows than the limit, instants Kafka's timestamps cannot hold. Each is a 400 naming the limit,
 * and the store is not read for a range the controller refuses. (The real store and the limits' wiring are
 * {@code OrdersServiceBrokerTest}'s.)
 */
class WindowQueryAttackTest {

    private static final WindowQuery QUERY = WindowQuery.contractDefaults(Duration.ofMinutes(3)).get(0);
    private final WindowStoreReader reader = mock(WindowStoreReader.class);
    private final WindowQueryController controller =
            new WindowQueryController(List.of(QUERY), reader, Duration.ofHours(24), 100);

    @Test
    void aHugeRangeIsRefusedBeforeAnyStoreIsRead() {
        WindowQueryException refused = refused("1970-01-01T00:00:00Z", "9999-12-31T00:00:00Z");

        assertThat(refused.status()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(refused.getMessage()).contains("is wider than PT24H (shopstream.orders.query-max-range)");
        verify(reader, never()).read(any(), any(), any(), anyBoolean(), anyInt());
    }

    @Test
    void moreWindowsThanTheLimitAreRefusedWholeNeverCutShort() {
        when(reader.read(eq(QUERY), any(), any(), eq(false), eq(100))).thenReturn(rows(101));

        WindowQueryException refused = refused("2026-01-22T00:00:00Z", "2026-01-22T12:00:00Z");

        assertThat(refused.status()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(refused.getMessage()).isEqualTo(
                "more than 100 windows (shopstream.orders.query-max-rows): ask for a narrower range");
        when(reader.read(eq(QUERY), any(), any(), eq(false), eq(100))).thenReturn(rows(100));
        assertThat(controller.windows(QUERY.name(), "2026-01-22T00:00:00Z", "2026-01-22T12:00:00Z", false))
                .hasSize(100);
    }

    @Test
    void instantsBeyondKafkasTimestampsAreRefused() {
        for (String instant : List.of("+300000000-01-01T00:00:00Z", "-1000-01-01T00:00:00Z")) {
            WindowQueryException refused = refused(instant, instant);
            assertThat(refused.status()).as(instant).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(refused.getMessage()).as(instant).startsWith("from must lie between 1970-01-01T00:00:00Z");
        }
        verify(reader, never()).read(any(), any(), any(), anyBoolean(), anyInt());
    }

    private WindowQueryException refused(String from, String to) {
        return catchThrowableOfType(WindowQueryException.class,
                () -> controller.windows(QUERY.name(), from, to, false));
    }

    private static List<WindowRow> rows(int count) {
        List<WindowRow> rows = new ArrayList<>();
        Instant start = Instant.parse("2026-01-22T00:00:00Z");
        for (int i = 0; i < count; i++) {
            Instant at = start.plus(Duration.ofMinutes(5L * i));
            rows.add(new WindowRow(at + "/" + at.plus(Duration.ofMinutes(5)), at, at.plus(Duration.ofMinutes(5)), 1,
                    BigDecimal.ONE));
        }
        return rows;
    }
}
