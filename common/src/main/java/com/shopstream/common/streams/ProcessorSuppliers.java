package com.shopstream.common.streams;

import java.util.Set;
import java.util.function.Supplier;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * Processor suppliers that bring their own stores (Kafka Streams connects them, so a topology names a store once,
 * where its processor is added).
 */
public final class ProcessorSuppliers {

    private ProcessorSuppliers() {
    }

    public static <KIn, VIn, KOut, VOut> ProcessorSupplier<KIn, VIn, KOut, VOut> withStores(
            Supplier<Processor<KIn, VIn, KOut, VOut>> processor, StoreBuilder<?>... stores) {
        Set<StoreBuilder<?>> storeSet = Set.of(stores);
        return new ProcessorSupplier<>() {
            @Override
            public Processor<KIn, VIn, KOut, VOut> get() {
                return processor.get();
            }

            @Override
            public Set<StoreBuilder<?>> stores() {
                return storeSet;
            }
        };
    }
}
