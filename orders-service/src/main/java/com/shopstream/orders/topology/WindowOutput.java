package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.WindowResult;

/** What a window query emits: a window's new value, a window's final value, or an order it can no longer count. */
sealed interface WindowOutput {

    record Update(WindowResult result) implements WindowOutput {
    }

    record Final(WindowResult result) implements WindowOutput {
    }

    record Late(Order order) implements WindowOutput {
    }
}
