package com.shopstream.common.watermark;

import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * For an operator behind the source step: a record its partition admitted but that the query's watermark had
 * already made final (only possible while that partition was idle). The operator sends it to the late topic with
 * these headers ({@link LateCause#IDLE_PARTITION}), and it is counted in the query's progress like any refusal. Also
 * a record of an input whose lateness the operator judges itself ({@link SourceStep#judgedByOperator()}), refused
 * by its partition's watermark ({@link LateCause#PARTITION_WATERMARK}).
 */
final class IdleLateness {

    private final QueryLateness query;
    private final QueryProgress progress;

    private IdleLateness(QueryLateness query, QueryProgress progress) {
        this.query = query;
        this.progress = progress;
    }

    /** For the operator of {@code query}, in its {@code init}. */
    static IdleLateness of(ProcessingContext context, QueryLateness query) {
        return new IdleLateness(query, ProgressRegistry.queryOf(context.appConfigs(), query));
    }

    /**
     * Counts the refusal and returns the late record's headers.
     *
     * @param watermark the query's watermark that had made the record's windows final
     */
    Headers refused(Headers own, InputPartition source, long watermark, long eventTime, Refusal refusal) {
        return refused(own, source, watermark, eventTime, refusal, LateCause.IDLE_PARTITION);
    }

    /** The same, for a refusal of {@code cause}. */
    Headers refused(Headers own, InputPartition source, long watermark, long eventTime, Refusal refusal,
                    LateCause cause) {
        if (refusal.all()) {
            progress.late(cause, refusal.count());
        } else {
            progress.partlyLate(refusal.count());
        }
        return LateRecordHeaders.of(own, query.query(), source, watermark, eventTime, refusal, cause);
    }

    /** The query's progress, for the operator's own figures (duplicates dropped). */
    QueryProgress progress() {
        return progress;
    }
}
