package com.shopstream.common.boot;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A token bucket per client (Bucket4j) in front of the HTTP API: {@code burst} requests at once, refilled at
 * {@code requestsPerSecond}; a request beyond it is a 429 with {@code Retry-After} and is counted in
 * {@code shopstream.http.rate.limited}. A client is the request's remote address (behind a proxy, with
 * {@code server.forward-headers-strategy=native} and the proxies' addresses in
 * {@code server.tomcat.remoteip.internal-proxies}, the address the proxy forwards). The buckets live in a bounded
 * cache, forgotten after {@code idle} without a request, so that no number of clients grows the heap without bound.
 * The actuator is not limited: probes and scrapes must never be refused.
 */
public final class ClientRateLimitFilter extends OncePerRequestFilter {

    static final String METER = "shopstream.http.rate.limited";

    private final ShopstreamProperties.RateLimit limit;
    private final LoadingCache<String, Bucket> buckets;
    private final Counter refused;

    public ClientRateLimitFilter(ShopstreamProperties.RateLimit limit, MeterRegistry registry) {
        this(limit, registry, TimeMeter.SYSTEM_NANOTIME);
    }

    /** @param time the buckets' clock (Bucket4j's): tests give one that stands still */
    ClientRateLimitFilter(ShopstreamProperties.RateLimit limit, MeterRegistry registry, TimeMeter time) {
        this.limit = limit;
        this.buckets = Caffeine.newBuilder().maximumSize(limit.clients()).expireAfterAccess(limit.idle())
                .build(client -> Bucket.builder().withCustomTimePrecision(time).addLimit(Bandwidth.builder()
                        .capacity(limit.burst()).refillGreedy(limit.requestsPerSecond(), Duration.ofSeconds(1))
                        .build()).build());
        this.refused = registry == null ? null : Counter.builder(METER)
                .description("HTTP API requests refused with 429: their client was over its rate").register(registry);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getRequestURI().startsWith("/actuator");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        ConsumptionProbe probe = buckets.get(request.getRemoteAddr()).tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            chain.doFilter(request, response);
            return;
        }
        if (refused != null) {
            refused.increment();
        }
        long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
        response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getOutputStream().write(("{\"error\":\"more than " + limit.requestsPerSecond()
                + " requests a second (shopstream.rate-limit) from this client; retry after " + seconds + " s\"}")
                .getBytes(StandardCharsets.UTF_8));
    }
}
