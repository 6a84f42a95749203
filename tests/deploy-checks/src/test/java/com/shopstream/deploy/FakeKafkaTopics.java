package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * create-topics.sh (the one the chart's Job and docker-compose's topic-init run) against a stand-in kafka-topics.sh
 * that knows some existing topics and records every call, so that what the script creates can be read back.
 */
final class FakeKafkaTopics {

    static final Path CREATE_TOPICS = Chart.DIR.resolve("files").resolve("create-topics.sh");
    static final Path CONTRACT_TOPICS = Chart.DIR.resolve("files").resolve("contract-topics.txt");

    record Run(int exit, String output) {
    }

    /** One --create call: the topic, its partitions and its --config pairs. */
    record Created(String name, int partitions, Map<String, String> configs) {
    }

    private final Path dir;

    /** A kafka-topics.sh in {@code dir} that knows the given topics (name:partitions). */
    FakeKafkaTopics(Path dir, String... existing) throws IOException {
        this.dir = dir;
        Path bin = Files.createDirectories(dir.resolve("bin"));
        StringBuilder describe = new StringBuilder();
        StringBuilder list = new StringBuilder();
        for (String topic : existing) {
            String[] parts = topic.split(":");
            list.append(parts[0]).append("\\n");
            describe.append("Topic: ").append(parts[0]).append("\\tTopicId: x\\tPartitionCount: ").append(parts[1])
                    .append("\\tReplicationFactor: 1\\tConfigs: \\n");
        }
        String script = """
                #!/bin/bash
                echo "$*" >> "%1$s/calls.log"
                case " $* " in
                  *" --list "*) printf '%2$s' ;;
                  *" --describe "*)
                    printf '%3$s' > "%1$s/described"
                    # created topics (from the log) are described with the partitions they were created with
                    grep -- '--create' "%1$s/calls.log" | while read -r line; do
                      t=$(sed -E 's/.*--topic ([^ ]+).*/\\1/' <<< "$line"); p=$(sed -E 's/.*--partitions ([^ ]+).*/\\1/' <<< "$line")
                      printf 'Topic: %%s\\tTopicId: y\\tPartitionCount: %%s\\tReplicationFactor: 1\\tConfigs: \\n' "$t" "$p" >> "%1$s/described"
                    done
                    cat "%1$s/described" ;;
                esac
                """.formatted(dir, list, describe);
        Path topics = bin.resolve("kafka-topics.sh");
        Files.writeString(topics, script);
        Files.setPosixFilePermissions(topics, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Runs create-topics.sh with {@code env} (and this stand-in as its Kafka, answering at once). */
    Run createTopics(Map<String, String> env) throws IOException, InterruptedException {
        Map<String, String> all = new HashMap<>(env);
        all.put("KAFKA_BIN", dir.resolve("bin").toString());
        all.putIfAbsent("WAIT_SECONDS", "5");
        return run(all, "/bin/bash", CREATE_TOPICS.toString());
    }

    static Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(k -> k.startsWith("KAFKA_") || k.startsWith("TOPIC")
                || k.startsWith("PARTITIONS") || k.equals("CO_PARTITIONED"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), output);
    }

    List<String> calls() throws IOException {
        Path log = dir.resolve("calls.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** The --create calls, in order. */
    List<Created> created() throws IOException {
        List<Created> created = new ArrayList<>();
        for (String call : calls()) {
            if (!call.contains("--create")) {
                continue;
            }
            String[] words = call.split(" ");
            String name = null;
            int partitions = 0;
            Map<String, String> configs = new LinkedHashMap<>();
            for (int i = 0; i + 1 < words.length; i++) {
                switch (words[i]) {
                    case "--topic" -> name = words[i + 1];
                    case "--partitions" -> partitions = Integer.parseInt(words[i + 1]);
                    case "--config" -> configs.put(words[i + 1].substring(0, words[i + 1].indexOf('=')),
                            words[i + 1].substring(words[i + 1].indexOf('=') + 1));
                    default -> {
                    }
                }
            }
            created.add(new Created(name, partitions, configs));
        }
        return created;
    }
}
