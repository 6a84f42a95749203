package com.shopstream.benchmarks.suite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a suite run leaves in its work directory besides its logs and profiles: the broker's data (every run's
 * repartition and changelog topics), the services' and baselines' state directories, Spark's checkpoints. At
 * {@code --orders 5000000} that is several GB per invocation, which filled this machine's disk once. Only what the run
 * itself created goes: a work directory given with {@code --work-dir} may hold a broker's data or state of something
 * else (a {@code --bootstrap} broker's, the demo's, a run kept with {@code --keep-data}).
 */
final class RunData {

    private static final Logger LOG = LoggerFactory.getLogger(RunData.class);

    /** The broker's data ({@code BrokerProcess}). */
    static final String BROKER = "kafka";
    /**
     * The broker's, then the services', baselines' and Spark's data ({@code ServiceProcess}, {@code BaselineTarget},
     * {@code SparkTarget}).
     */
    static final List<String> DIRECTORIES = List.of(BROKER, "state", "spark");

    private final Path workDir;
    private final List<String> absentAtStart;

    private RunData(Path workDir, List<String> absentAtStart) {
        this.workDir = workDir;
        this.absentAtStart = absentAtStart;
    }

    /** Notes which of the directories do not exist yet: only those are the run's own. */
    static RunData before(Path workDir) {
        List<String> absent = DIRECTORIES.stream().filter(name -> !Files.exists(workDir.resolve(name))).toList();
        return new RunData(workDir, absent);
    }

    /**
     * Deletes the directories the run created; the broker's only if the run started and stopped that broker. What
     * cannot be deleted is logged, not thrown: the figures are out.
     */
    void delete(boolean brokerStoppedByThisRun) {
        for (String name : absentAtStart) {
            if (name.equals(BROKER) && !brokerStoppedByThisRun) {
                continue;
            }
            Path dir = workDir.resolve(name);
            if (!Files.exists(dir)) {
                continue;
            }
            try {
                Utils.delete(dir.toFile());
                LOG.info("deleted {} (--keep-data keeps it)", dir);
            } catch (IOException e) {
                LOG.warn("could not delete {}: {}", dir, e.toString());
            }
        }
    }
}
