package com.shopstream.common.runtime;

import com.shopstream.common.errors.DeadLetterPublisher;
import com.shopstream.common.errors.DeadLetterRouter;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.watermark.EventTimeRuntime;
import java.util.Map;
import java.util.Objects;

/**
 * What the exception handlers and the event-time processors of a service share at run time. Kafka Streams creates
 * handlers and processors itself, so each part travels inside the streams configuration under its own key
 * ({@link #putInto}); each handler and processor picks up the part it needs in {@code configure} / {@code init},
 * from the package that defines it, so no lower package depends on this one.
 */
public record StreamsRuntime(String deadLetterTopic, DeadLetterPublisher deadLetters, ProgressRegistry progress,
                             EventTimeRuntime eventTime) {

    public StreamsRuntime {
        Objects.requireNonNull(deadLetterTopic, "deadLetterTopic");
        Objects.requireNonNull(deadLetters, "deadLetters");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(eventTime, "eventTime");
    }

    /** Puts each part under the key its readers look for ({@code SharedObjects.get}). */
    public void putInto(Map<Object, Object> props) {
        props.put(DeadLetterRouter.TOPIC_CONFIG, deadLetterTopic);
        props.put(DeadLetterRouter.PUBLISHER_CONFIG, deadLetters);
        props.put(ProgressRegistry.CONFIG_KEY, progress);
        props.put(EventTimeRuntime.CONFIG_KEY, eventTime);
    }
}
