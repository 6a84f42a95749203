package com.shopstream.common.streams;

import java.util.Map;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.WriteBufferManager;

/**
 * Bounds the memory of every RocksDB store of the process with one shared LRU block cache, which also holds index
 * and filter blocks and is charged for memtables through a {@link WriteBufferManager} (Kafka Streams' documented
 * recipe). Sizes come from {@link #TOTAL_OFF_HEAP_BYTES} and {@link #MEMTABLE_BYTES} in the streams configuration;
 * the first store to open fixes them for the process.
 */
public class BoundedMemoryRocksDBConfig implements RocksDBConfigSetter {

    public static final String TOTAL_OFF_HEAP_BYTES = "shopstream.rocksdb.total-off-heap-bytes";
    public static final String MEMTABLE_BYTES = "shopstream.rocksdb.memtable-bytes";

    private static final double INDEX_FILTER_BLOCK_RATIO = 0.1;
    private static final long BLOCK_SIZE = 16 * 1024L;
    private static final int MEMTABLES_PER_STORE = 3;

    private static Cache cache;
    private static WriteBufferManager writeBufferManager;
    private static long memtableBytes;

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        ensureShared(configs);
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(cache);
        table.setBlockSize(BLOCK_SIZE);
        table.setCacheIndexAndFilterBlocks(true);
        table.setCacheIndexAndFilterBlocksWithHighPriority(true);
        table.setPinTopLevelIndexAndFilter(true);
        options.setTableFormatConfig(table);
        options.setWriteBufferManager(writeBufferManager);
        options.setMaxWriteBufferNumber(MEMTABLES_PER_STORE);
        options.setWriteBufferSize(Math.max(1024 * 1024, memtableBytes / 8));
    }

    @Override
    public void close(String storeName, Options options) {
        // the cache and the write buffer manager are shared by every store of the process: never close them here
    }

    private static synchronized void ensureShared(Map<String, Object> configs) {
        if (cache != null) {
            return;
        }
        long total = bytes(configs, TOTAL_OFF_HEAP_BYTES, RocksDbMemory.DEFAULT.totalOffHeapBytes());
        memtableBytes = bytes(configs, MEMTABLE_BYTES, RocksDbMemory.DEFAULT.memtableBytes());
        cache = new LRUCache(total, -1, false, INDEX_FILTER_BLOCK_RATIO);
        writeBufferManager = new WriteBufferManager(memtableBytes, cache);
    }

    private static long bytes(Map<String, Object> configs, String key, long fallback) {
        Object value = configs.get(key);
        return value == null ? fallback : Long.parseLong(value.toString());
    }
}
