package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.PaymentMismatch;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.model.UnmatchedPayment;

/**
 * What the interval join emits: a paid row, an unpaid row, what its reconciliation found (a payment no order matched,
 * a mismatch), or an input it can no longer join (its record's headers say why).
 */
sealed interface JoinResult {

    record Paid(JoinRow row) implements JoinResult {
    }

    record Unpaid(JoinRow row) implements JoinResult {
    }

    record Unmatched(UnmatchedPayment row) implements JoinResult {
    }

    record Mismatched(PaymentMismatch row) implements JoinResult {
    }

    record Late(OrderEvent event) implements JoinResult {
    }
}
