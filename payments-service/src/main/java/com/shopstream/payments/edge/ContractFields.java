package com.shopstream.payments.edge;

import java.util.Set;
import tools.jackson.core.JsonParser;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The payment fields the contract defines. The edge forwards only these, re-serialised: a field a caller adds
 * (padding, a card number, an instruction for some other consumer) never reaches {@code payments-raw}.
 */
final class ContractFields {

    static final Set<String> PAYMENT = Set.of("payment_id", "order_id", "amount", "paid_ts");
    private static final JsonFactory JSON = new JsonFactory();

    private ContractFields() {
    }

    /** How many top-level fields of {@code json}, a payment already read as valid, are not the contract's. */
    static int outside(byte[] json) {
        int outside = 0;
        try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), json)) {
            parser.nextToken();
            for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                parser.nextToken();
                parser.skipChildren();
                if (!PAYMENT.contains(name)) {
                    outside++;
                }
            }
        }
        return outside;
    }
}
