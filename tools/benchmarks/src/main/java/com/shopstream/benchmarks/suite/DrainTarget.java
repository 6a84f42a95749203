package com.shopstream.benchmarks.suite;

import com.shopstream.harness.JavaProcess;
import java.util.List;

/** Something the benchmark starts as a process and lets drain the backlog: a service, or a plain baseline. */
interface DrainTarget {

    /** Its run in {@code --runs} ({@code plain}, {@code orders}, {@code plain-sessions}, ...). */
    String run();

    /** The row of the table. */
    String name();

    /**
     * The run of the plain Kafka Streams baseline this one is compared with ({@code plain-sessions} for
     * {@code sessions}, ...); {@code null} for a baseline itself.
     */
    String baselineRun();

    /** The run of the Spark peer that runs the same query ({@code spark-5m} for {@code orders-5m}, ...), or null. */
    default String sparkRun() {
        return null;
    }

    /** The topic whose rows are compared with the Spark peer's output rows, or null. */
    default String outputTopic() {
        return null;
    }

    /** Its consumer group (the Kafka Streams application id), fresh for every run so it reads from the beginning. */
    String group();

    List<String> inputs();

    /** Starts its processes: one, or several instances in its consumer group. */
    List<JavaProcess> start();

    /** State bytes and late records of all its processes, from reports made after the drain ended (waits for them). */
    FinalFigures finalFigures(List<JavaProcess> processes);
}
