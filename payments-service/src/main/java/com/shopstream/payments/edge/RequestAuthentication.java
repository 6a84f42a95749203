package com.shopstream.payments.edge;

import com.shopstream.payments.edge.WebhookSignatures.Refusal;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Whether a request may be read as a payment: signed under a configured secret ({@link WebhookSignatures}), or, only
 * where {@code shopstream.payments.accept-unsigned} says so, carrying no signature at all. Its health details say
 * which of the two this edge enforces, so that an unsigned edge is never a surprise.
 */
public final class RequestAuthentication implements HealthIndicator {

    private static final Logger log = LoggerFactory.getLogger(RequestAuthentication.class);

    private final WebhookSignatures signatures;
    private final boolean acceptUnsigned;

    public RequestAuthentication(WebhookSignatures signatures, boolean acceptUnsigned) {
        this.signatures = signatures;
        this.acceptUnsigned = acceptUnsigned;
        if (acceptUnsigned) {
            log.warn("Payments without a signature are accepted (shopstream.payments.accept-unsigned=true): anyone "
                    + "who can reach this service can mark an order paid. Configure "
                    + "shopstream.payments.webhook-secrets and remove the setting outside a trusted network.");
        } else if (signatures.secrets() == 0) {
            log.warn("No webhook secret is configured (shopstream.payments.webhook-secrets): every payment is "
                    + "refused with 401 until one is.");
        }
    }

    /** Why the request is refused (401), or empty when its body may be read. */
    Optional<Refusal> refusal(HttpServletRequest request, byte[] body) {
        String id = request.getHeader(WebhookSignatures.ID_HEADER);
        String timestamp = request.getHeader(WebhookSignatures.TIMESTAMP_HEADER);
        String signature = request.getHeader(WebhookSignatures.SIGNATURE_HEADER);
        if (acceptUnsigned && id == null && timestamp == null && signature == null) {
            return Optional.empty();
        }
        return signatures.verify(id, timestamp, signature, body);
    }

    @Override
    public Health health() {
        return Health.up()
                .withDetail("signatures", acceptUnsigned ? "optional (accept-unsigned)" : "required")
                .withDetail("secrets", signatures.secrets())
                .withDetail("tolerance", signatures.tolerance().toString())
                .build();
    }
}
