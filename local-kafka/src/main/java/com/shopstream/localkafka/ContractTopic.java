package com.shopstream.localkafka;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One line of the contract's topic list ({@value #RESOURCE}, from {@code helm/shopstream/files/}, where docker-compose
 * and the chart's topic Job read it too): its name, its partition count (the tool's default unless the line gives a
 * number), whether it is co-partitioned with the other such topics, and the configs it is created with.
 */
public record ContractTopic(String name, OptionalInt partitions, boolean coPartitioned, Map<String, String> configs) {

    /** Classpath resource (at the root); its own header says the format. */
    public static final String RESOURCE = "contract-topics.txt";

    public ContractTopic {
        configs = Map.copyOf(configs);
    }

    /** The partition count to create it with when the tool was asked for {@code requested}. */
    public int partitions(int requested) {
        return partitions.orElse(requested);
    }

    /** The list on the classpath, in its order. */
    public static List<ContractTopic> list() {
        InputStream in = ContractTopic.class.getClassLoader().getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("classpath resource " + RESOURCE + " is missing");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return parse(reader.lines().toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static List<ContractTopic> parse(List<String> lines) {
        List<ContractTopic> topics = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String line : lines) {
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (content.isEmpty()) {
                continue;
            }
            String[] words = content.split("\\s+");
            if (words.length < 2) {
                throw new IllegalStateException(RESOURCE + ": '" + line + "' has no partitions"
                        + " (default, co-partitioned or a number)");
            }
            if (!names.add(words[0])) {
                throw new IllegalStateException(RESOURCE + " lists topic '" + words[0] + "' twice");
            }
            topics.add(new ContractTopic(words[0], count(words[1], line), words[1].equals("co-partitioned"),
                    configs(words, line)));
        }
        return List.copyOf(topics);
    }

    private static OptionalInt count(String word, String line) {
        if (word.equals("default") || word.equals("co-partitioned")) {
            return OptionalInt.empty();
        }
        if (!word.matches("[1-9][0-9]{0,4}")) {
            throw new IllegalStateException(RESOURCE + ": '" + line + "': partitions must be default,"
                    + " co-partitioned or a positive number, not '" + word + "'");
        }
        return OptionalInt.of(Integer.parseInt(word));
    }

    private static Map<String, String> configs(String[] words, String line) {
        Map<String, String> configs = new LinkedHashMap<>();
        for (int i = 2; i < words.length; i++) {
            int equals = words[i].indexOf('=');
            if (equals <= 0) {
                throw new IllegalStateException(RESOURCE + ": '" + line + "': topic config '" + words[i]
                        + "' is not key=value");
            }
            configs.put(words[i].substring(0, equals), words[i].substring(equals + 1));
        }
        return configs;
    }
}
