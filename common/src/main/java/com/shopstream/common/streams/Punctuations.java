package com.shopstream.common.streams;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.Punctuator;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * The punctuations a processor schedules in its {@code init}, cancelled in its {@code close}. Kafka Streams keeps a
 * task's schedules when it suspends the task and resumes it, or closes it dirty and revives it, and then calls the
 * same processors' {@code init} again: a schedule left running would punctuate beside the new one, once more per
 * period for every such restart of the task.
 */
public final class Punctuations {

    private final List<Cancellable> scheduled = new ArrayList<>();

    /** {@link ProcessingContext#schedule}, remembered to be cancelled. */
    public void schedule(ProcessingContext context, Duration interval, PunctuationType type, Punctuator punctuator) {
        scheduled.add(context.schedule(interval, type, punctuator));
    }

    /** Cancels every punctuation scheduled since the last call: the processor's {@code close}. */
    public void cancelAll() {
        scheduled.forEach(Cancellable::cancel);
        scheduled.clear();
    }
}
