package com.shopstream.benchmarks.suite;

/** What a drained process reports about itself at the end: state size and late records. */
record FinalFigures(long stateBytes, long late) {

    static final FinalFigures UNKNOWN = new FinalFigures(-1, -1);

    /** Two processes' figures together (instances of one group): a figure unknown to one is taken from the other. */
    FinalFigures plus(FinalFigures other) {
        return new FinalFigures(sum(stateBytes, other.stateBytes), sum(late, other.late));
    }

    private static long sum(long a, long b) {
        return a < 0 ? b : b < 0 ? a : a + b;
    }
}
