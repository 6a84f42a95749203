package com.shopstream.common.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class BinaryFormatTest {

    @Test
    void readsOnAfterItsVersion() {
        assertThat(BinaryFormat.open(new byte[] {1, 42}, (byte) 1, "test").get()).isEqualTo((byte) 42);
    }

    @Test
    void anotherVersionIsAClearError() {
        assertThatThrownBy(() -> BinaryFormat.open(new byte[] {2, 42}, (byte) 1, "streak"))
                .isInstanceOf(SerializationException.class)
                .hasMessage("unknown streak format version 2 (this build reads 1)");
    }
}
