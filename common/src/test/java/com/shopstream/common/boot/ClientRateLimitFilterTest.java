package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class ClientRateLimitFilterTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    /** Bucket4j's clock, standing still: no token comes back during the test, however slow the machine. */
    private final io.github.bucket4j.TimeMeter stopped = new io.github.bucket4j.TimeMeter() {
        @Override
        public long currentTimeNanos() {
            return 1_000_000_000L;
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    };
    private final ClientRateLimitFilter filter = new ClientRateLimitFilter(
            new ShopstreamProperties.RateLimit(true, 1, 3, 100, java.time.Duration.ofMinutes(10)), registry, stopped);

    private MockHttpServletResponse request(String client, String path) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setRemoteAddr(client);
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, new MockFilterChain());
        return response;
    }

    @Test
    void aClientOverItsBurstGets429WithRetryAfterAndOthersAreNotAffected() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(request("10.0.0.1", "/payments").getStatus()).as("request %d of the burst", i).isEqualTo(200);
        }
        MockHttpServletResponse refused = request("10.0.0.1", "/payments");

        assertThat(refused.getStatus()).isEqualTo(429);
        assertThat(refused.getHeader("Retry-After")).isEqualTo("1");
        assertThat(refused.getContentAsString()).isEqualTo("{\"error\":\"more than 1 requests a second "
                + "(shopstream.rate-limit) from this client; retry after 1 s\"}");
        assertThat(request("10.0.0.2", "/payments").getStatus()).as("another client").isEqualTo(200);
        assertThat(registry.get(ClientRateLimitFilter.METER).counter().count()).isEqualTo(1);
    }

    @Test
    void theActuatorIsNeverLimited() throws Exception {
        for (int i = 0; i < 10; i++) {
            assertThat(request("10.0.0.3", "/actuator/health/readiness").getStatus()).isEqualTo(200);
        }
        assertThat(request("10.0.0.3", "/windows/orders-per-5m").getStatus()).isEqualTo(200);
    }
}
