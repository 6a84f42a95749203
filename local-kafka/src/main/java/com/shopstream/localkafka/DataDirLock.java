package com.shopstream.localkafka;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Keeps a second local-kafka off a data directory in use. Kafka's own lock is taken only when the broker part
 * starts, after the controller has already written to the metadata log: a second process on other ports gets
 * that far and makes the first one die with a fatal raft error.
 */
final class DataDirLock implements AutoCloseable {

    static final String FILE_NAME = ".local-kafka.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Creates {@code dataDir} if needed and locks it for this process. */
    static DataDirLock acquire(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        FileChannel channel = FileChannel.open(dataDir.resolve(FILE_NAME), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by another LocalKafka in this JVM
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new IllegalStateException("data directory " + dataDir + " is in use by another local-kafka;"
                    + " stop it or choose another --data-dir");
        }
        return new DataDirLock(channel, lock);
    }

    /** {@link #close()}, quietly: the OS drops the lock with the process anyway, so nothing is left to clean up. */
    void release() {
        try {
            close();
        } catch (IOException e) {
            // see above
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}
