package com.shopstream.common.streams;

import com.shopstream.common.errors.DeadLetterPublisher;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.watermark.EventTimeRuntime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * What the exception handlers and the event-time processors of a service share at run time. Kafka Streams creates
 * handlers and processors itself, so the one instance travels inside the streams configuration under
 * {@link #CONFIG_KEY}; each handler and processor picks it up in {@code configure} / {@code init}.
 */
public record StreamsRuntime(String serviceName, String deadLetterTopic, DeadLetterPublisher deadLetters,
                             ProgressRegistry progress, EventTimeRuntime eventTime) {

    public static final String CONFIG_KEY = "shopstream.runtime";

    public StreamsRuntime {
        Objects.requireNonNull(serviceName, "serviceName");
        Objects.requireNonNull(deadLetterTopic, "deadLetterTopic");
        Objects.requireNonNull(deadLetters, "deadLetters");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(eventTime, "eventTime");
    }

    public static StreamsRuntime from(Map<String, ?> streamsConfigs) {
        Object value = streamsConfigs.get(CONFIG_KEY);
        if (value instanceof StreamsRuntime runtime) {
            return runtime;
        }
        throw new ConfigException(CONFIG_KEY, value, "the streams configuration must carry the service's "
                + StreamsRuntime.class.getName() + " (StreamsDefaults.apply puts it there)");
    }

    /** The progress of {@code query} in the service a processor runs in, for the processor's own figures. */
    public static QueryProgress queryProgress(ProcessingContext context, String query, Duration delay) {
        return from(context.appConfigs()).progress().query(query, delay, List.of());
    }
}
