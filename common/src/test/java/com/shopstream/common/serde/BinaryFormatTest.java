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

    @Test
    void aFormatReadInSeveralVersionsSaysWhichOneAndNamesThemAllWhenNone() {
        java.nio.ByteBuffer second = java.nio.ByteBuffer.wrap(new byte[] {2, 42});
        assertThat(BinaryFormat.readVersion(second, "test", (byte) 1, (byte) 2)).isEqualTo((byte) 2);
        assertThat(second.get()).isEqualTo((byte) 42);
        assertThatThrownBy(() -> BinaryFormat.readVersion(java.nio.ByteBuffer.wrap(new byte[] {3}), "window",
                (byte) 1, (byte) 2))
                .isInstanceOf(SerializationException.class)
                .hasMessage("unknown window format version 3 (this build reads 1, 2)");
    }
}
