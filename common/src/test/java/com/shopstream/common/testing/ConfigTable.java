package com.shopstream.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * A service README's configuration table against its properties record: every key the record binds is in the
 * table with the default the record writes ({@code @DefaultValue}, as written), and the table has no key the record
 * does not bind. A default changed in one place and not the other fails here. List and map settings (their rows
 * name an element, {@code queries[n].…}) are left out.
 */
public final class ConfigTable {

    /** {@code | `key` | default | meaning |}: the default cell as written, backticks dropped. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9.-]+)` \\| ([^|]*) \\|", Pattern.MULTILINE);

    private ConfigTable() {
    }

    public static void assertReadmeMatches(Path readme, Class<? extends Record> properties) {
        String prefix = properties.getAnnotation(ConfigurationProperties.class).value();
        Map<String, String> table = inReadme(readme, prefix);
        Map<String, String> bound = inRecord(properties, prefix);
        String what = "the configuration table of " + readme + " against " + properties.getSimpleName();
        assertThat(table.keySet()).as(what + ": keys").isEqualTo(bound.keySet());
        bound.forEach((key, defaultValue) -> {
            if (defaultValue != null) {
                assertThat(table.get(key)).as(what + ": default of " + key).isEqualTo(defaultValue);
            }
        });
    }

    static Map<String, String> inReadme(Path readme, String prefix) {
        Map<String, String> rows = new TreeMap<>();
        try {
            Matcher row = ROW.matcher(Files.readString(readme));
            while (row.find()) {
                if (row.group(1).startsWith(prefix + ".")) {
                    rows.put(row.group(1), row.group(2).trim().replace("`", ""));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** Key → default text; {@code null} for a setting without one (the table says what it is instead). */
    static Map<String, String> inRecord(Class<?> type, String prefix) {
        Map<String, String> keys = new TreeMap<>();
        RecordComponent[] components = type.getRecordComponents();
        Parameter[] parameters = canonicalParameters(type, components);
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            if (Collection.class.isAssignableFrom(component.getType())
                    || Map.class.isAssignableFrom(component.getType())) {
                continue;
            }
            String key = prefix + "." + kebab(component.getName());
            DefaultValue defaultValue = parameters[i].getAnnotation(DefaultValue.class);
            if (component.getType().isRecord()) {
                keys.putAll(inRecord(component.getType(), key));
            } else {
                keys.put(key, defaultValue == null || defaultValue.value().length == 0 ? null
                        : String.join(",", defaultValue.value()));
            }
        }
        return keys;
    }

    private static Parameter[] canonicalParameters(Class<?> type, RecordComponent[] components) {
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        try {
            return type.getDeclaredConstructor(types).getParameters();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type + " has no canonical constructor", e);
        }
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
