package com.shopstream.common.errors;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.testing.LogCapture;
import com.shopstream.common.testing.RecordingDeadLetterPublisher;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class DeadLetterRouterLoggingTest {

    @RegisterExtension
    final LogCapture logged = new LogCapture(DeadLetterRouter.class);
    private final DeadLetterRouter router =
            new DeadLetterRouter("svc-dlq", new RecordingDeadLetterPublisher(), new ProgressRegistry("svc",
                    ShopstreamProperties.defaults().watermark().adviceHorizon()));

    @Test
    void theFirstDeadLetterIsLoggedAndTheNextOnesWithinTenSecondsAreNot() {
        router.route(failed(FailureStage.DESERIALIZATION, 1, new InvalidEventException("amount", "amount is negative")));
        router.route(failed(FailureStage.DESERIALIZATION, 2, new InvalidEventException("amount", "amount is negative")));

        assertThat(logged.events()).hasSize(1);
        assertThat(logged.events().get(0).getLevel()).isEqualTo(Level.WARN);
        assertThat(logged.events().get(0).getFormattedMessage())
                .isEqualTo("Dead letter to svc-dlq: orders-0@1 failed at deserialization: amount is negative");
    }

    @Test
    void aBugIsLoggedAsAnErrorWithItsStackTrace() {
        router.route(failed(FailureStage.PROCESSING, 3, new IllegalStateException("no customer")));

        assertThat(logged.events()).hasSize(1);
        assertThat(logged.events().get(0).getLevel()).isEqualTo(Level.ERROR);
        assertThat(logged.events().get(0).getThrowableProxy().getClassName()).isEqualTo("java.lang.IllegalStateException");
    }

    private static FailedRecord failed(FailureStage stage, long offset, Exception error) {
        return new FailedRecord(stage, "orders", 0, offset, new byte[0], new byte[0], new RecordHeaders(), error);
    }
}
