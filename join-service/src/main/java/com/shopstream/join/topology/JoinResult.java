package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.ShopEvent;

/** What the interval join emits: a paid row, an unpaid row, or an input it can no longer join (its record's headers say why). */
sealed interface JoinResult {

    record Paid(JoinRow row) implements JoinResult {
    }

    record Unpaid(JoinRow row) implements JoinResult {
    }

    record Late(ShopEvent event) implements JoinResult {
    }
}
