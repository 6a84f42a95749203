package com.shopstream.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/** SnakeYAML (safe) and a few helpers to walk what it returns. */
final class Yamls {

    private Yamls() {
    }

    private static Yaml yaml() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(200);
        DumperOptions dump = new DumperOptions();
        dump.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(new SafeConstructor(options), new Representer(dump), dump, options);
    }

    static Object load(String text) {
        return yaml().load(text);
    }

    /** Every non-empty document of a multi-document stream (helm's output). */
    static List<Map<String, Object>> loadAll(String text) {
        List<Map<String, Object>> documents = new ArrayList<>();
        for (Object document : yaml().loadAll(text)) {
            if (document != null) {
                documents.add(map(document));
            }
        }
        return documents;
    }

    static String dump(Object value) {
        return yaml().dump(value);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map)) {
            throw new AssertionError("expected a mapping, got " + value);
        }
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List)) {
            throw new AssertionError("expected a sequence, got " + value);
        }
        return (List<Object>) value;
    }

    static List<Map<String, Object>> maps(Object value) {
        return list(value).stream().map(Yamls::map).toList();
    }

    /** The value at a dotted path of mapping keys ("spec.template.spec"), or null where a key is missing. */
    static Object at(Map<String, Object> root, String path) {
        Object current = root;
        for (String key : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(key);
        }
        return current;
    }

    static Map<String, Object> mapAt(Map<String, Object> root, String path) {
        return map(at(root, path));
    }

    static String string(Map<String, Object> root, String path) {
        Object value = at(root, path);
        return value == null ? null : String.valueOf(value);
    }

    /**
     * Helm's merge of a values file over the chart's values: mappings merge key by key, anything else (scalars,
     * lists) is replaced.
     */
    static Map<String, Object> merge(Map<String, Object> base, Map<String, Object> overlay) {
        Map<String, Object> merged = new LinkedHashMap<>(base);
        overlay.forEach((key, value) -> {
            Object existing = merged.get(key);
            if (existing instanceof Map<?, ?> && value instanceof Map<?, ?>) {
                merged.put(key, merge(map(existing), map(value)));
            } else {
                merged.put(key, value);
            }
        });
        return merged;
    }
}
