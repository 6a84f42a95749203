package com.shopstream.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON values as plain Java values that compare the way the contract means them: numbers by value (62.5 equals
 * 62.50), objects regardless of field order.
 */
public final class CanonicalJson {

    /** Decimals as written: 12.50 stays 12.50, and 1000000000000000.29 is not rounded through a double. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private CanonicalJson() {
    }

    public static Object of(String json) {
        return json == null ? null : of(JSON.readTree(json));
    }

    public static Object of(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isNumber()) {
            return node.decimalValue().stripTrailingZeros().toPlainString();
        }
        if (node.isString()) {
            return node.asString();
        }
        if (node.isBoolean()) {
            return node.asBoolean();
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(element -> list.add(of(element)));
            return list;
        }
        Map<String, Object> map = new HashMap<>();
        node.properties().forEach(field -> map.put(field.getKey(), of(field.getValue())));
        return map;
    }

    public static JsonNode tree(String json) {
        return JSON.readTree(json);
    }
}
