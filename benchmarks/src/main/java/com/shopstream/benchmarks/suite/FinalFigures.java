package com.shopstream.benchmarks.suite;

/** What a drained process reports about itself at the end: state size and late records. */
record FinalFigures(long stateBytes, long late) {

    static final FinalFigures UNKNOWN = new FinalFigures(-1, -1);
}
