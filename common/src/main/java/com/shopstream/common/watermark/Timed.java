package com.shopstream.common.watermark;

import com.shopstream.eventtime.InputPartition;
/**
 * What flows through a query's event-time steps. Between a source step and the query's operator (through any
 * repartition topic): {@link Event}s (one by one, or in {@link Batch}es) and {@link Report}s. After the frontier
 * tracker: events, batches, {@link Partials} and {@link Advance}s. From a step to the late topic: {@link Late}s. Only
 * events, batches, partials and reports cross a topic ({@link TimedSerde}).
 */
public sealed interface Timed<V> {

    /**
     * An input event the source step admitted, with the clock of its input partition just before it and once it was
     * read, and its topic's partition count as the reader knew it ({@code 0}: not known). {@code newestBefore -
     * delay} is the partition's watermark the event was judged against: a downstream operator judges it against the
     * same one, so it counts the event exactly where the source admitted it.
     */
    record Event<V>(V event, InputPartition source, int partitionCount, long newestBefore, long newestAfter)
            implements Timed<V> {
    }

    /**
     * Events of one input partition, in the order they were read, that go to one partition of a repartition topic as
     * one record (see {@link RepartitionBatcher}): a Kafka record per batch instead of per event. The header says
     * what a frontier tracker needs without reading the entries; {@link EventBatches#entries} reads them.
     *
     * @param destination    the repartition topic's partition it goes to
     * @param destinations   the topic's partition count it was made for (the destination is murmur2 of each key, as
     *                       for any repartitioned record, modulo this)
     * @param partitionCount the source topic's partition count, as each of its events knew it
     * @param newestAfter    the source partition's clock after its last event
     * @param timestamp      the newest record timestamp (event time) among its events
     * @param encoded        header and entries, as {@link EventBatches} writes them
     */
    record Batch<V>(int destination, int destinations, InputPartition source, int partitionCount, long newestAfter,
                    long timestamp, int size, byte[] encoded) implements Timed<V> {
    }

    /**
     * What a step before the repartition combined of one input partition's events (orders-service's partial
     * aggregates per group and slice of event time), bound for one partition of the repartition topic. The entries'
     * form is the combining step's and its operator's ({@code encoded}); this layer only carries them. Partials carry
     * no clock: the reports and events after them do.
     *
     * @param destination  the repartition topic's partition it goes to, or {@code -1}: where the partitioner puts its
     *                     key (its one entry's group), when the topic's partition count was not known
     * @param destinations the topic's partition count it was made for ({@code 0} with destination {@code -1})
     * @param timestamp    the newest event time of its entries
     * @param size         how many entries
     */
    record Partials<V>(int destination, int destinations, InputPartition source, long timestamp, int size,
                       byte[] encoded) implements Timed<V> {
    }

    /**
     * A reader's report about one input partition, sent to every partition of a repartition topic after the records
     * it covers: the topic's partition count, the newest event time read, and whether the reader finds the partition
     * idle, with the partition's end offset it had read to ({@code -1}: not known, or not idle).
     */
    record Report<V>(InputPartition source, int partitionCount, long newest, boolean idle, long endOffset)
            implements Timed<V> {
    }

    /**
     * The query's frontier moved: the oldest newest event time over every input partition. Each operator subtracts
     * its own delay to get its watermark, and makes final what it now may.
     */
    record Advance<V>(long frontier) implements Timed<V> {
    }

    /** A record the source step refused for a query; the record's headers say which and why. */
    record Late<V>(V event) implements Timed<V> {
    }
}
