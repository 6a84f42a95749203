package com.shopstream.common.streams;

/**
 * The off-heap memory all RocksDB stores of one service share: one block cache of {@code totalOffHeapBytes}, of which
 * memtables may take {@code memtableBytes}. Without a bound, each store (and each segment of a window store) takes
 * its own caches and memtables, and a container is killed for memory nobody configured.
 */
public record RocksDbMemory(long totalOffHeapBytes, long memtableBytes) {

    public static final RocksDbMemory DEFAULT = new RocksDbMemory(128L << 20, 32L << 20);

    public RocksDbMemory {
        if (totalOffHeapBytes <= 0 || memtableBytes <= 0) {
            throw new IllegalArgumentException("RocksDB memory sizes must be positive: " + totalOffHeapBytes + ", "
                    + memtableBytes);
        }
        if (memtableBytes >= totalOffHeapBytes) {
            throw new IllegalArgumentException("RocksDB memtable memory (" + memtableBytes
                    + " bytes) must be smaller than the total off-heap memory (" + totalOffHeapBytes + " bytes)");
        }
    }
}
