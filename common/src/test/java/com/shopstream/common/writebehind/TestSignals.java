package com.shopstream.common.writebehind;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * {@link BeforeCommit}'s signal store under {@code MockProcessorContext}, whose stores have no record cache: a write
 * only marks the signal, and {@link #commit} runs the hook if its processor signalled a change, as a task's commit
 * does. A change the processor does not signal is then not written, as in a service.
 */
public final class TestSignals {

    private TestSignals() {
    }

    /** The signal store of the store {@code store}, for a test. */
    public static StoreBuilder<KeyValueStore<Bytes, byte[]>> signalStore(String store) {
        return Stores.keyValueStoreBuilder(new CommitSignal.Supplier(BeforeCommit.signalName(store), false),
                Serdes.Bytes(), Serdes.ByteArray()).withCachingDisabled().withLoggingDisabled();
    }

    /** What a commit of the task does to the hook of the processor that writes {@code store}. */
    public static void commit(ProcessingContext context, String store) {
        KeyValueStore<Bytes, byte[]> signal = context.getStateStore(BeforeCommit.signalName(store));
        signal.query(new CommitSignal.Fire(), PositionBound.unbounded(), new QueryConfig(false));
    }
}
