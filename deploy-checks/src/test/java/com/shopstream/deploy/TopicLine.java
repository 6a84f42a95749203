package com.shopstream.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One line of create-topics.sh's TOPICS: "name partitions [key=value ...]". */
record TopicLine(String name, int partitions, Map<String, String> configs) {

    static List<TopicLine> parse(String topics) {
        if (topics == null) {
            throw new AssertionError("no TOPICS");
        }
        List<TopicLine> lines = new ArrayList<>();
        for (String line : topics.split("\n")) {
            String content = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
            String[] words = content.strip().split("\\s+");
            if (words.length == 1 && words[0].isEmpty()) {
                continue;
            }
            if (words.length < 2 || !words[1].matches("[1-9][0-9]*")) {
                throw new AssertionError("TOPICS line without an explicit partition count: '" + line + "'");
            }
            Map<String, String> configs = new LinkedHashMap<>();
            for (int i = 2; i < words.length; i++) {
                String[] config = words[i].split("=", 2);
                if (config.length != 2) {
                    throw new AssertionError("TOPICS line with a config that is not key=value: '" + line + "'");
                }
                configs.put(config[0], config[1]);
            }
            lines.add(new TopicLine(words[0], Integer.parseInt(words[1]), configs));
        }
        return lines;
    }

    static int partitionsOf(List<TopicLine> lines, String topic) {
        return lines.stream().filter(l -> l.name().equals(topic)).findFirst()
                .orElseThrow(() -> new AssertionError("no topic " + topic)).partitions();
    }
}
