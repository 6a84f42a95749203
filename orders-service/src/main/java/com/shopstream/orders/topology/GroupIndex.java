package com.shopstream.orders.topology;

import com.carrotsearch.hppc.LongObjectHashMap;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * One slice's open partials by group, looked up by every combined order. A customer's group is its id in decimal,
 * made afresh for each order: hashing that string and comparing it with the map's in a {@code HashMap} was 7 % of the
 * per-customer query's stream thread (BENCHMARKS.md). Decimal groups are found by their number in a primitive map
 * (hppc: keys side by side in one array), the others (the ungrouped query's {@code all}) by name; iteration is by
 * name, as before.
 */
final class GroupIndex<M> {

    /** Digits of the largest number looked up as such: any 18 decimal digits fit a long. */
    private static final int MAX_DIGITS = 18;

    private final Map<String, M> byName = new HashMap<>();
    private final LongObjectHashMap<M> byNumber = new LongObjectHashMap<>();

    M get(String group) {
        long number = number(group);
        return number >= 0 ? byNumber.get(number) : byName.get(group);
    }

    void put(String group, M member) {
        byName.put(group, member);
        long number = number(group);
        if (number >= 0) {
            byNumber.put(number, member);
        }
    }

    M remove(String group) {
        long number = number(group);
        if (number >= 0) {
            byNumber.remove(number);
        }
        return byName.remove(group);
    }

    int size() {
        return byName.size();
    }

    Collection<M> values() {
        return byName.values();
    }

    /**
     * The group's number when it is canonical decimal (digits only, no leading zero, at most {@value #MAX_DIGITS}), so
     * that two groups have the same number only if they are the same text; else {@code -1}.
     */
    static long number(String group) {
        int length = group.length();
        if (length == 0 || length > MAX_DIGITS || (length > 1 && group.charAt(0) == '0')) {
            return -1;
        }
        long number = 0;
        for (int i = 0; i < length; i++) {
            char c = group.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            number = number * 10 + (c - '0');
        }
        return number;
    }
}
