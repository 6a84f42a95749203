package com.shopstream.faults;

import com.shopstream.harness.KafkaTopics.Read;

/** A dead letter as the headers describe it; {@code kind} is the test's own tag, kept from the original record. */
record DeadLetter(String sourceTopic, String sourcePartition, String sourceOffset, String kind, String reason,
                  String stage) {

    static DeadLetter of(Read read) {
        return new DeadLetter(read.headers().get("x-source-topic"), read.headers().get("x-source-partition"),
                read.headers().get("x-source-offset"), read.headers().get(MalformedRecords.KIND_HEADER),
                read.headers().get("x-error-reason"), read.headers().get("x-error-stage"));
    }

    /** Dead letters are written outside the transaction: a crash can repeat one; its source coordinates say which. */
    String source() {
        return sourceTopic + "/" + sourcePartition + "/" + sourceOffset;
    }
}
