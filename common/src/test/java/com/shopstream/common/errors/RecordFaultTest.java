package com.shopstream.common.errors;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.json.InvalidEventException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

class RecordFaultTest {

    @Test
    void anExceptionOfTheProcessorsOwnIsTheRecords() {
        assertThat(RecordFault.isTheRecords(new IllegalStateException("no customer"))).isTrue();
        assertThat(RecordFault.isTheRecords(new ArithmeticException("overflow"))).isTrue();
        assertThat(RecordFault.isTheRecords(new IllegalArgumentException("bad", new NullPointerException()))).isTrue();
    }

    @Test
    void anEarlierFailedSendRethrownByTheRecordCollectorIsNot() {
        // RecordCollectorImpl keeps a send's failure and throws it from the task's next send, inside whichever
        // processor that is
        assertThat(RecordFault.isTheRecords(new StreamsException(
                "Error encountered sending record to topic out for task 0_1 due to: KafkaException",
                new KafkaException("Cannot perform send because at least one previous transactional or idempotent "
                        + "request has failed with errors.")))).isFalse();
    }

    @Test
    void brokerTroubleAndClosedStoresAreNot() {
        assertThat(RecordFault.isTheRecords(new TimeoutException("Topic out not present in metadata"))).isFalse();
        assertThat(RecordFault.isTheRecords(new InvalidStateStoreException("store is closed"))).isFalse();
    }

    @Test
    void aKafkaFailureWrappedByOurCodeIsStillNot() {
        assertThat(RecordFault.isTheRecords(
                new IllegalStateException("could not update", new StreamsException("send failed")))).isFalse();
    }

    @Test
    void aRecordThatBreaksTheContractIsTheRecordsEvenWhenKafkaStreamsWrapsIt() {
        assertThat(RecordFault.isTheRecords(new InvalidEventException(null, "key \"7\" is not the record's order_id 8")))
                .isTrue();
        assertThat(RecordFault.isTheRecords(new StreamsException("processing failed",
                new InvalidEventException("amount", "amount is out of range")))).isTrue();
    }

    @Test
    void aStoreRowThatCannotBeReadIsNot() {
        // BinaryFormat's refusal of a changelog row written by another build: every record touching it would fail
        assertThat(RecordFault.isTheRecords(new SerializationException("unknown window aggregate format version 9")))
                .isFalse();
    }

    @Test
    void aCauseChainThatLoopsEnds() {
        IllegalStateException first = new IllegalStateException("first");
        IllegalStateException second = new IllegalStateException("second", first);
        first.initCause(second);

        assertThat(RecordFault.isTheRecords(first)).isTrue();
    }
}
