package com.shopstream.orders.topology;

import com.carrotsearch.hppc.LongObjectHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One slice's open partials by group, looked up by every combined order. A customer's group is its id in decimal,
 * made afresh for each order: hashing that string and comparing it with the map's in a {@code HashMap} showed high
 * in the per-customer query's profile (docs/benchmarks/log.md). Decimal groups are found by their number in a primitive map
 * (hppc: keys side by side in one array), the others (the ungrouped query's {@code all}) by name. Iteration is in the
 * order the groups came (a list: hppc's own order differs between maps, and a name map kept only for iterating cost
 * more than the list), so what a slice sends does not depend on the map.
 */
final class GroupIndex<M> {

    /** Digits of the largest number looked up as such: any 18 decimal digits fit a long. */
    private static final int MAX_DIGITS = 18;

    private final Map<String, M> byName = new HashMap<>();
    private final LongObjectHashMap<M> byNumber = new LongObjectHashMap<>();
    private final List<M> inOrder = new ArrayList<>();

    M get(String group) {
        long number = number(group);
        return number >= 0 ? byNumber.get(number) : byName.get(group);
    }

    /** Adds {@code member} for {@code group}, in place of the one it had (which keeps its place in the order). */
    void put(String group, M member) {
        long number = number(group);
        M previous = number >= 0 ? byNumber.put(number, member) : byName.put(group, member);
        if (previous == null) {
            inOrder.add(member);
        } else {
            inOrder.set(indexOf(previous), member);
        }
    }

    /** Removes the group's member: a walk through the order, for the rare partial taken out alone. */
    M remove(String group) {
        long number = number(group);
        M removed = number >= 0 ? byNumber.remove(number) : byName.remove(group);
        if (removed != null) {
            inOrder.remove(indexOf(removed));
        }
        return removed;
    }

    int size() {
        return inOrder.size();
    }

    /** Every member, in the order their groups came. */
    List<M> values() {
        return Collections.unmodifiableList(inOrder);
    }

    private int indexOf(M member) {
        for (int i = 0; i < inOrder.size(); i++) {
            if (inOrder.get(i) == member) {
                return i;
            }
        }
        throw new IllegalStateException("a member missing from the order of its slice's groups");
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
