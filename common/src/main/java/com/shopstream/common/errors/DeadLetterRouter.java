package com.shopstream.common.errors;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.streams.SharedObjects;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a failed record to the service's dead-letter topic, counts it, and tells the exception handler whether the
 * service may go on. It may go on only once the dead letter is durable: when the dead-letter topic cannot be written,
 * the handler fails the task, so the record is processed again after the thread is replaced, and nothing is lost.
 *
 * <p>The dead letter is written by a producer of its own, outside the task's transaction: a crash between the write
 * and the task's commit writes it a second time. Consumers of the dead-letter topic can recognise such copies by the
 * source topic, partition and offset headers.
 */
public final class DeadLetterRouter {

    /** The streams configuration's key of the dead-letter topic's name. */
    public static final String TOPIC_CONFIG = "shopstream.dead-letter.topic";
    /** The streams configuration's key of the service's {@link DeadLetterPublisher}. */
    public static final String PUBLISHER_CONFIG = "shopstream.dead-letter.publisher";

    private static final Logger log = LoggerFactory.getLogger(DeadLetterRouter.class);
    private static final long LOG_EVERY_MS = 10_000;

    private final String deadLetterTopic;
    private final DeadLetterPublisher publisher;
    private final ProgressRegistry progress;
    private final LogThrottle records = new LogThrottle(LOG_EVERY_MS, System::currentTimeMillis);
    private final LogThrottle bugs = new LogThrottle(LOG_EVERY_MS, System::currentTimeMillis);

    public DeadLetterRouter(String deadLetterTopic, DeadLetterPublisher publisher, ProgressRegistry progress) {
        this.deadLetterTopic = deadLetterTopic;
        this.publisher = publisher;
        this.progress = progress;
    }

    public static DeadLetterRouter from(Map<String, ?> streamsConfigs) {
        return new DeadLetterRouter(SharedObjects.get(streamsConfigs, TOPIC_CONFIG, String.class),
                SharedObjects.get(streamsConfigs, PUBLISHER_CONFIG, DeadLetterPublisher.class),
                ProgressRegistry.from(streamsConfigs));
    }

    /** @return {@code true} when the dead letter is written and the service can continue with the next record */
    public boolean route(FailedRecord failed) {
        if (failed.sourceTopic() == null) {
            // a punctuation's failure, or its result's: no source record to dead-letter, and going on would skip
            // the punctuation's work unseen, so the task fails and runs it again
            return false;
        }
        try {
            publisher.publish(failed.toDeadLetter(deadLetterTopic));
        } catch (RuntimeException e) {
            log.error("Could not write the dead letter of {}-{}@{} to {} ({}); failing the task so that the record "
                            + "is retried", failed.sourceTopic(), failed.sourcePartition(), failed.sourceOffset(),
                    deadLetterTopic, failed.reason(), e);
            return false;
        }
        progress.deadLetter(failed.sourceTopic(), failed.stage().label());
        if (isBug(failed)) {
            logBug(failed);
        } else {
            logThrottled(failed);
        }
        return true;
    }

    /**
     * A processing failure that is not a contract violation is a bug a record ran into: the dead
     * letter says what, only the stack trace says where, so it is logged with it (at most one per 10 s as well).
     * Kafka Streams makes an exception handler, and so a router, per task: the limits are per task and kind.
     */
    private static boolean isBug(FailedRecord failed) {
        return failed.stage() == FailureStage.PROCESSING && !(failed.cause() instanceof InvalidEventException);
    }

    /** One line per 10 s at most (per task), so that bad input cannot flood the logs; metrics count every one. */
    private void logThrottled(FailedRecord failed) {
        long skipped = records.pass();
        if (skipped != LogThrottle.HELD) {
            log.warn("Dead letter to {}: {} failed at {}: {}{}", deadLetterTopic, source(failed),
                    failed.stage().label(), failed.reason(),
                    skipped == 0 ? "" : " (and " + skipped + " more since the last such line)");
        }
    }

    private void logBug(FailedRecord failed) {
        long skipped = bugs.pass();
        if (skipped != LogThrottle.HELD) {
            log.error("Dead letter to {}: {} failed at {}: {}{}", deadLetterTopic, source(failed),
                    failed.stage().label(), failed.reason(),
                    skipped == 0 ? "" : " (and " + skipped + " more since the last such line)", failed.error());
        }
    }

    private static String source(FailedRecord failed) {
        return failed.sourceTopic() + "-" + failed.sourcePartition() + "@" + failed.sourceOffset();
    }
}
