package com.shopstream.localkafka;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does what {@code kafka-storage.sh format --cluster-id <new id> --config server.properties} does, once per data
 * directory: a KRaft broker refuses to start on an unformatted directory, and formatting again would throw the
 * data away.
 */
final class StorageFormatter {

    static final String META_PROPERTIES = "meta.properties";

    private static final Logger log = LoggerFactory.getLogger(StorageFormatter.class);

    private StorageFormatter() {
    }

    /**
     * Fails unless {@code dataDir} is a Kafka data directory, empty or absent: anything else is probably not
     * meant for Kafka, and formatting would scatter broker files among someone's own.
     */
    static void requireFormattedOrEmpty(Path dataDir) {
        if (!isFormatted(dataDir) && Files.exists(dataDir) && !isEmptyDirectory(dataDir)) {
            throw new IllegalStateException("data directory " + dataDir + " is not empty but has no "
                    + META_PROPERTIES + ", so it is not a Kafka data directory; choose another --data-dir"
                    + " or empty it");
        }
    }

    /**
     * Formats {@code dataDir} unless it already holds a broker's {@code meta.properties}.
     *
     * @return true if the directory was formatted now, false if it was already formatted
     * @throws IllegalStateException if the directory holds other files
     */
    static boolean formatIfNeeded(Path dataDir) throws Exception {
        return formatIfNeeded(dataDir, BrokerConfig.NODE_ID, Uuid.randomUuid().toString());
    }

    /** {@link #formatIfNeeded(Path)} for node {@code nodeId} of the cluster {@code clusterId}. */
    static boolean formatIfNeeded(Path dataDir, int nodeId, String clusterId) throws Exception {
        requireFormattedOrEmpty(dataDir);
        if (isFormatted(dataDir)) {
            return false;
        }
        Files.createDirectories(dataDir);
        new Formatter()
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setNodeId(nodeId)
                .setClusterId(clusterId)
                .setControllerListenerName(BrokerConfig.CONTROLLER_LISTENER)
                .setMetadataLogDirectory(dataDir.toString())
                .addDirectory(dataDir.toString())
                // matches BrokerConfig's static controller.quorum.voters (kraft.version 0)
                .setHasDynamicQuorum(false)
                .run();
        log.debug("Formatted {} for cluster {}", dataDir, clusterId);
        return true;
    }

    static boolean isFormatted(Path dataDir) {
        return Files.isRegularFile(dataDir.resolve(META_PROPERTIES));
    }

    private static boolean isEmptyDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.allMatch(entry -> entry.getFileName().toString().equals(DataDirLock.FILE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read data directory " + dir, e);
        }
    }
}
