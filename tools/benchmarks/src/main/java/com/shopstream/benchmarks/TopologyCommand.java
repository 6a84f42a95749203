package com.shopstream.benchmarks;

import com.shopstream.common.streams.StateStoreKind;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.TypeConversionException;

/** {@code topology}: {@link TopologyThroughput}, the services' topologies in a TopologyTestDriver, no broker. */
@Command(name = "topology", mixinStandardHelpOptions = true,
        description = "Records per second of the services' topologies in a TopologyTestDriver (no broker).")
final class TopologyCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Option(names = "--services", paramLabel = "SERVICE", split = ",", defaultValue = "orders,sessions,join,dedup",
            description = "which topologies to drive (default: ${DEFAULT-VALUE})")
    private List<String> services;

    @Option(names = "--orders", paramLabel = "N", defaultValue = "1000000",
            description = "orders of the generated stream (default: ${DEFAULT-VALUE})")
    private long orders;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42",
            description = "the generator's seed (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--stores", paramLabel = "in-memory|rocksdb", defaultValue = "in-memory",
            converter = StoresConverter.class,
            description = "where the services' own stores keep their state (default: ${DEFAULT-VALUE})")
    private StateStoreKind stores;

    @Override
    public Integer call() throws Exception {
        TopologyThroughput.run(services, orders, seed, stores, benchmarks.out());
        return 0;
    }

    /** {@code in-memory}, {@code rocksdb}: the enum's names as one types them. */
    static final class StoresConverter implements ITypeConverter<StateStoreKind> {

        @Override
        public StateStoreKind convert(String value) {
            try {
                return StateStoreKind.valueOf(value.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("must be in-memory or rocksdb, not '" + value + "'");
            }
        }
    }
}
