package com.shopstream.payments.edge;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The JSON bodies of the payments endpoints. */
final class PaymentResponses {

    private PaymentResponses() {
    }

    /** {@code status}: {@code accepted} (written now) or {@code duplicate} (accepted before, not written again). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Accepted(@JsonProperty("payment_id") String paymentId, @JsonProperty("status") String status,
                    @JsonProperty("partition") Integer partition, @JsonProperty("offset") Long offset) {
    }

    /** A payment that is not valid: which field, and why. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Rejected(@JsonProperty("line") Integer line, @JsonProperty("field") String field,
                    @JsonProperty("reason") String reason) {
    }

    /** A request that could not be completed; nothing in it was acknowledged. */
    record Failure(@JsonProperty("error") String error) {
    }

    /**
     * The outcome of a batch, per line: {@code accepted} and {@code duplicates} are acknowledged; {@code rejected}
     * lines are invalid; {@code failed} lines were valid but not written (retry them).
     */
    record Batch(@JsonProperty("accepted") int accepted, @JsonProperty("duplicates") int duplicates,
                 @JsonProperty("rejected") List<Rejected> rejected, @JsonProperty("failed") List<Rejected> failed) {
    }
}
