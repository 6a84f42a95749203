package com.shopstream.session.topology;

/**
 * A customer's streak: consecutive orders of at least the threshold, in arrival order; the newest order time
 * (event time) and the wall-clock time of the last arrival, one of which times the state out.
 */
record StreakState(long streak, long lastEventTime, long lastArrival) {
}
