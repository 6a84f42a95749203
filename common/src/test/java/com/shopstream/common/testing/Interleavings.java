package com.shopstream.common.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Interleavings of several partitions' reads that keep each partition's own order, for replay = live tests. */
public final class Interleavings {

    private Interleavings() {
    }

    /** One read of each partition in turn. */
    public static <T> List<T> roundRobin(List<List<T>> partitions) {
        List<T> out = new ArrayList<>();
        int longest = partitions.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < longest; i++) {
            for (List<T> read : partitions) {
                if (i < read.size()) {
                    out.add(read.get(i));
                }
            }
        }
        return out;
    }

    /** The next read of a partition drawn at random each time. */
    public static <T> List<T> randomly(List<List<T>> partitions, Random random) {
        List<T> out = new ArrayList<>();
        int[] next = new int[partitions.size()];
        int total = partitions.stream().mapToInt(List::size).sum();
        while (out.size() < total) {
            int p = random.nextInt(partitions.size());
            if (next[p] < partitions.get(p).size()) {
                out.add(partitions.get(p).get(next[p]++));
            }
        }
        return out;
    }
}
