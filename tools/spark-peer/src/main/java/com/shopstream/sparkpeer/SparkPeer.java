package com.shopstream.sparkpeer;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.session_window;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.window;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StateOperatorProgress;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the contract's queries in Spark Structured Streaming, on a backlog in Kafka: read it all
 * ({@code Trigger.AvailableNow}), count the rows the query emits (a {@code foreachBatch} sink that counts and
 * discards), and print one line of figures, {@value #RESULT} ..., for the benchmark to read.
 *
 * <pre>
 * java --add-opens ... -cp tools/spark-peer/target/classes:$(cat tools/spark-peer/target/classpath.txt) com.shopstream.sparkpeer.SparkPeer \
 *     --query window-5m|window-10m-every-5m|window-5m-by-customer|sessions|join|dedup|dedup-by-id \
 *     --bootstrap 127.0.0.1:9092 \
 *     --orders-topic T --payments-topic T --shuffle-partitions N [--master local[2]] [--work-dir DIR]
 * </pre>
 * Event-time settings are the contract's: a 3-minute watermark delay, 5-minute windows (and 10-minute ones every 5
 * minutes), a 3-minute session gap, a payment within 5 minutes after its order.
 */
public final class SparkPeer {

    public static final String RESULT = "spark-peer-result";

    private static final Logger LOG = LoggerFactory.getLogger(SparkPeer.class);

    private static final StructType ORDER = new StructType()
            .add("order_id", DataTypes.LongType)
            .add("customer_id", DataTypes.LongType)
            .add("amount", DataTypes.createDecimalType(12, 2))
            .add("order_ts", DataTypes.TimestampType);
    private static final StructType PAYMENT = new StructType()
            .add("payment_id", DataTypes.StringType)
            .add("order_id", DataTypes.LongType)
            .add("amount", DataTypes.createDecimalType(12, 2))
            .add("paid_ts", DataTypes.TimestampType);
    private static final String DELAY = "3 minutes";

    private SparkPeer() {
    }

    public static void main(String[] args) {
        int exit = 1;
        try {
            run(args);
            exit = 0;
        } catch (Exception | Error e) {
            LOG.error("the Spark peer failed", e);
        } finally {
            // Spark may leave non-daemon threads behind: the benchmark waits for this process to end
            System.exit(exit);
        }
    }

    private static void run(String[] args) throws Exception {
        Map<String, String> options = options(args);
        String query = required(options, "query");
        Path workDir = Path.of(options.getOrDefault("work-dir", "/tmp/spark-peer"));
        Path checkpoint = Files.createTempDirectory(Files.createDirectories(workDir), query + "-checkpoint-");
        SparkSession spark = SparkSession.builder()
                .appName("shopstream-spark-peer-" + query)
                .master(options.getOrDefault("master", "local[2]"))
                .config("spark.sql.shuffle.partitions", required(options, "shuffle-partitions"))
                .config("spark.ui.enabled", "false")
                .config("spark.local.dir", workDir.resolve("local").toString())
                .config("spark.sql.session.timeZone", "UTC")
                // state in RocksDB, off the heap, as the services keep theirs: with the default in-heap store a join
                // of a 1,000,000-order backlog read in one batch does not fit the heap every measured JVM gets
                .config("spark.sql.streaming.stateStore.providerClass",
                        "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            measure(spark, options, query, checkpoint);
        } finally {
            spark.stop();
            deleteRecursively(checkpoint);
        }
    }

    private static void measure(SparkSession spark, Map<String, String> options, String query, Path checkpoint)
            throws Exception {

        Dataset<Row> orders = read(spark, options, required(options, "orders-topic"), ORDER)
                .withWatermark("order_ts", DELAY);
        Dataset<Row> result = switch (query) {
            case "window-5m" -> orders.groupBy(window(col("order_ts"), "5 minutes"))
                    .agg(count(lit(1)).as("orders"), sum("amount").as("total"));
            case "window-10m-every-5m" -> orders.groupBy(window(col("order_ts"), "10 minutes", "5 minutes"))
                    .agg(count(lit(1)).as("orders"), sum("amount").as("total"));
            case "window-5m-by-customer" -> orders.groupBy(col("customer_id"), window(col("order_ts"), "5 minutes"))
                    .agg(count(lit(1)).as("orders"), sum("amount").as("total"));
            case "sessions" -> orders.groupBy(col("customer_id"), session_window(col("order_ts"), "3 minutes"))
                    .agg(count(lit(1)).as("orders"), sum("amount").as("total"));
            case "join" -> {
                Dataset<Row> payments = read(spark, options, required(options, "payments-topic"), PAYMENT)
                        .withWatermark("paid_ts", DELAY)
                        .select(col("order_id").as("p_order_id"), col("payment_id"), col("amount").as("paid_amount"),
                                col("paid_ts"));
                yield orders.join(payments, expr("order_id = p_order_id AND paid_ts >= order_ts"
                        + " AND paid_ts <= order_ts + interval 5 minutes"), "leftOuter");
            }
            case "dedup" -> orders.dropDuplicates("order_id", "order_ts");
            case "dedup-by-id" -> orders.dropDuplicatesWithinWatermark("order_id");
            default -> throw new IllegalArgumentException("unknown --query " + query
                    + " (window-5m, window-10m-every-5m, window-5m-by-customer, sessions, join, dedup, dedup-by-id)");
        };

        AtomicLong outputRows = new AtomicLong();
        VoidFunction2<Dataset<Row>, Long> counting = (batch, id) -> outputRows.addAndGet(batch.count());
        double cpuBefore = cpuSeconds();
        double jitBefore = compilerCpuSeconds();
        long started = System.nanoTime();
        StreamingQuery running = result.writeStream()
                .outputMode("append")
                .trigger(Trigger.AvailableNow())
                .option("checkpointLocation", checkpoint.toString())
                .foreachBatch(counting)
                .start();
        running.awaitTermination();
        double seconds = (System.nanoTime() - started) / 1e9;
        double cpu = cpuSeconds() - cpuBefore;
        double jitAfter = compilerCpuSeconds();
        // a figure that could not be read is left out of the line rather than cost the result
        String jit = jitBefore < 0 || jitAfter < 0 ? ""
                : String.format(Locale.ROOT, " jit-cpu-seconds=%.3f", jitAfter - jitBefore);
        long inputRows = 0;
        long dropped = 0;
        StreamingQueryProgress[] progress = running.recentProgress();
        // each batch's rows, then its whole time and its execution (addBatch: read, parse, operators, sink), to tell
        // the query's fixed costs (start, planning, the no-data batch that emits the last finals) from the data's
        List<String> batches = new ArrayList<>();
        for (StreamingQueryProgress batch : progress) {
            inputRows += batch.numInputRows();
            Map<String, Long> durations = batch.durationMs();
            batches.add(batch.numInputRows() + ":" + durations.getOrDefault("triggerExecution", -1L) + ":"
                    + durations.getOrDefault("addBatch", -1L));
            for (StateOperatorProgress operator : batch.stateOperators()) {
                dropped += operator.numRowsDroppedByWatermark();
            }
        }
        // stdout is what the benchmark reads: one line, key=value
        System.out.println(String.format(Locale.ROOT, "%s query=%s input-rows=%d output-rows=%d"
                        + " dropped-by-watermark=%d batches=%d seconds=%.3f cpu-seconds=%.3f peak-rss-mib=%d"
                        + " batch-rows-ms-addbatch-ms=%s%s", RESULT,
                query, inputRows, outputRows.get(), dropped, progress.length, seconds, cpu, peakRssMib(),
                String.join(",", batches), jit));
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static Dataset<Row> read(SparkSession spark, Map<String, String> options, String topic, StructType schema) {
        return spark.readStream().format("kafka")
                .option("kafka.bootstrap.servers", required(options, "bootstrap"))
                .option("subscribe", topic)
                .option("startingOffsets", "earliest")
                .option("kafka.isolation.level", "read_committed")
                .load()
                .select(from_json(col("value").cast("string"), schema, Map.of("mode", "FAILFAST")).as("e"))
                .select("e.*");
    }

    /** User + system CPU of this process (every thread: the executor's too, in local mode). */
    private static double cpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e9;
    }

    /**
     * User + system CPU of this JVM's JIT compiler threads ({@code C1 CompilerThread<n>}, {@code C2 CompilerThread<n>},
     * 15 characters of their names in {@code /proc}), read as the benchmark reads a service's (its reader is not on
     * the peer's class path: its module brings a Kafka client that would clash with Spark's): how much of the query's
     * CPU went to compiling. A thread that ends between the listing and the read is skipped, and so is a compiler
     * thread the JVM stops during the query (never the last C1 or C2 one: not on two cores). {@code -1} when
     * {@code /proc} cannot be read.
     */
    private static double compilerCpuSeconds() {
        double ticks = 0;
        try (Stream<Path> threads = Files.list(Path.of("/proc/self/task"))) {
            for (Path thread : threads.toList()) {
                String stat;
                try {
                    stat = Files.readString(thread.resolve("stat"));
                } catch (IOException ended) {
                    continue;
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                    // after the name: state, then utime and stime at 11 and 12, in clock ticks (100 a second)
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not read the JIT compiler threads' CPU from /proc/self/task: {}", e.toString());
            return -1;
        }
        return ticks / 100;
    }

    private static long peakRssMib() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
            }
        }
        return -1;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        List<String> list = List.of(args);
        for (int i = 0; i < list.size(); i++) {
            String arg = list.get(i);
            if (!arg.startsWith("--") || i + 1 >= list.size()) {
                throw new IllegalArgumentException("expected --name value, got " + arg);
            }
            options.put(arg.substring(2), list.get(++i));
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
