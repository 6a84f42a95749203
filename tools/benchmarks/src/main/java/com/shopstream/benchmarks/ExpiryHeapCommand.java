package com.shopstream.benchmarks;

import com.shopstream.common.watermark.ExpiryQueue;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code expiry-heap}: the heap an in-memory expiry order takes per entry (the sessions', the streak's, the join's),
 * keyed as the sessions and the streak key it: a customer id's text, a string of its own per entry as a record's key
 * gives it. Used heap after a full collection, before and after the entries are added.
 */
@Command(name = "expiry-heap", mixinStandardHelpOptions = true,
        description = "Heap per entry of the in-memory expiry order (ExpiryQueue) that sessions and streaks keep.")
final class ExpiryHeapCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Option(names = "--entries", paramLabel = "N", defaultValue = "1000000",
            description = "entries to add (default: ${DEFAULT-VALUE})")
    private int entries;

    @Override
    public Integer call() throws Exception {
        PrintStream out = benchmarks.out();
        long before = usedAfterCollection();
        ExpiryQueue<String> queue = new ExpiryQueue<>();
        Random random = new Random(42);
        long hour = 3_600_000;
        for (int i = 0; i < entries; i++) {
            queue.add(1_769_000_000_000L + random.nextLong(hour), new String(Long.toString(1_000_000L + i)));
        }
        long after = usedAfterCollection();
        out.printf(Locale.ROOT, "%,d entries: %,d bytes of heap, %.0f bytes per entry (JVM %s, %s)%n", queue.size(),
                after - before, (after - before) / (double) queue.size(), Runtime.version(),
                String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()));
        return 0;
    }

    private static long usedAfterCollection() throws InterruptedException {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();   // a measurement of what stays: collected first
            Thread.sleep(100);
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
