package com.shopstream.common.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class CauseChainTest {

    @Test
    void findsATypeAnywhereInTheChainAndItsRoot() {
        Exception chain = new IllegalStateException("outer", new RuntimeException("middle", new IOException("root")));

        assertThat(CauseChain.has(chain, TimeoutException.class, IOException.class)).isTrue();
        assertThat(CauseChain.has(chain, TimeoutException.class)).isFalse();
        assertThat(CauseChain.root(chain)).hasMessage("root");
        assertThat(CauseChain.root(new IOException("alone"))).hasMessage("alone");
    }

    @Test
    void aLoopingChainEndsAtTheBound() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);

        assertThat(CauseChain.of(a)).hasSize(32);
        assertThat(CauseChain.has(a, IOException.class)).isFalse();
        assertThat(CauseChain.root(a)).isIn(a, b);
    }
}
