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
 * {@code --orders 5000000} that is several GB per invocation, which filled this machine's disk once.
 */
final class RunData {

    private static final Logger LOG = LoggerFactory.getLogger(RunData.class);

    /** The work directory's subdirectories the run's processes write data into (see BrokerProcess, ServiceProcess). */
    static final List<String> DIRECTORIES = List.of("kafka", "state", "spark");

    private RunData() {
    }

    /** Deletes them (the broker stopped first); what cannot be deleted is logged, not thrown: the figures are out. */
    static void delete(Path workDir) {
        for (String name : DIRECTORIES) {
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
