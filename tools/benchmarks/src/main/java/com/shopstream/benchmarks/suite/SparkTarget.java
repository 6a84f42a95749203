package com.shopstream.benchmarks.suite;

import com.shopstream.harness.JavaProcess;
import com.shopstream.harness.Repository;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Apache Spark Structured Streaming, the peer: one query of the {@code spark-peer} module ({@code SparkPeer}, built
 * only with {@code -Ppeers}) as a process on the same backlog topics, with the same JVM options as every measured
 * process plus the module openings Spark needs on Java 17 (Spark's own list, {@code JavaModuleOptions}).
 *
 * @param run   its run in {@code --runs} ({@code spark-5m}, ...)
 * @param name  its row in the table
 * @param query the peer's {@code --query}
 * @param partitions Spark's shuffle partitions: the backlog's partition count, as the services get a task per partition
 * @param tag   this suite run's, in the log's name (a work directory may be reused)
 */
record SparkTarget(String run, String name, String query, BenchTopics topics, String bootstrap, Path workDir,
                   List<String> jvmOptions, int partitions, String tag) {

    static final String BUILD = "mvn -B -Ppeers -pl tools/spark-peer package";
    private static final Path PEER = Repository.root().resolve("tools").resolve("spark-peer").resolve("target");

    /** The peer's class path, or empty when it has not been built. */
    static Optional<String> classPath() {
        Path listed = PEER.resolve("classpath.txt");
        Path classes = PEER.resolve("classes");
        if (!Files.isRegularFile(listed) || !Files.isDirectory(classes)) {
            return Optional.empty();
        }
        try {
            return Optional.of(classes + ":" + Files.readString(listed).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JavaProcess start() {
        String classPath = classPath().orElseThrow(() -> new IllegalStateException("the Spark peer is not built: "
                + BUILD));
        List<String> jvm = new ArrayList<>(jvmOptions);
        jvm.addAll(moduleOptions(classPath));
        Path log = workDir.resolve("logs").resolve(run + "-" + tag + ".log");
        return JavaProcess.ofMainClass(run, classPath, "com.shopstream.sparkpeer.SparkPeer", jvm, List.of(
                "--query", query, "--bootstrap", bootstrap,
                "--orders-topic", topics.orders(), "--payments-topic", topics.payments(),
                "--shuffle-partitions", String.valueOf(partitions),
                "--work-dir", workDir.resolve("spark").toString()), log).start();
    }

    /** Spark's own list of the JVM options it needs, from its launcher on the peer's class path. */
    private static List<String> moduleOptions(String classPath) {
        URL[] urls = Arrays.stream(classPath.split(":")).filter(entry -> entry.contains("spark-launcher"))
                .map(SparkTarget::url).toArray(URL[]::new);
        try (URLClassLoader loader = new URLClassLoader(urls, null)) {
            String[] options = (String[]) loader.loadClass("org.apache.spark.launcher.JavaModuleOptions")
                    .getMethod("defaultModuleOptionArray").invoke(null);
            return List.of(options);
        } catch (ReflectiveOperationException | IOException e) {
            throw new IllegalStateException("cannot read Spark's JVM options from its launcher on " + classPath, e);
        }
    }

    private static URL url(String entry) {
        try {
            return Path.of(entry).toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(entry, e);
        }
    }
}
