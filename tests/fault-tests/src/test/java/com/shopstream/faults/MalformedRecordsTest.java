package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.boot.ShopstreamProperties;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A generated stream is written again for every case of the failure matrix, for hours after it was made: its records
 * that must be dead letters for being ahead of their broker time must stay so that long. A round begun 2 hours after
 * the generation found them within {@code max-future-skew} and the services, rightly, refused the stream behind them
 * as late (2026-12-07).
 */
class MalformedRecordsTest {

    private static final Pattern TIME = Pattern.compile("\"(?:order|paid)_ts\":\"([^\"]+)\"");

    @Test
    void aFutureTimestampStaysTooFarAheadForAWeekOfRewrites() {
        MalformedRecords.Kind future = MalformedRecords.KINDS.stream()
                .filter(kind -> kind.name().equals("future timestamp")).findFirst().orElseThrow();
        Duration skew = ShopstreamProperties.defaults().maxFutureSkew();
        Instant aWeekLater = Instant.now().plus(Duration.ofDays(7));

        for (byte[] value : new byte[][] {future.order().apply(1).value(), future.payment().apply(1).value()}) {
            String json = new String(value, StandardCharsets.UTF_8);
            Matcher time = TIME.matcher(json);
            assertThat(time.find()).as(json).isTrue();
            assertThat(Instant.parse(time.group(1))).as("ahead of a broker time a week later by more than " + skew)
                    .isAfter(aWeekLater.plus(skew));
        }
    }
}
