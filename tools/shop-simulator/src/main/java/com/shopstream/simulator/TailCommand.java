package com.shopstream.simulator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tail TOPIC…}: prints output topics ({@code read_committed}) as readable rows, live, until Ctrl-C. */
@Command(name = "tail", mixinStandardHelpOptions = true,
        description = "Prints output topics (read_committed) as readable rows, live, until Ctrl-C.")
final class TailCommand extends SimulatorCommand {

    @Parameters(arity = "1..*", paramLabel = "TOPIC", description = "the topics, e.g. orders-per-5m customer-sessions")
    private List<String> topics;

    @Option(names = "--from-end", description = "only what is written from now on (default: from the beginning)")
    private boolean fromEnd;

    @Option(names = "--for", paramLabel = "DURATION", description = "stop after this long (default: never)")
    private Duration forHowLong;

    @Override
    public Integer call() {
        PrintStream out = out();
        try (TopicReader reader = new TopicReader(servers())) {
            KafkaConsumer<byte[], byte[]> consumer = reader.consumer();
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                consumer.partitionsFor(topic, Duration.ofSeconds(30))
                        .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            if (fromEnd) {
                consumer.seekToEnd(partitions);
            } else {
                consumer.seekToBeginning(partitions);
            }
            long until = forHowLong == null ? Long.MAX_VALUE : System.nanoTime() + forHowLong.toNanos();
            boolean several = topics.size() > 1;
            while (System.nanoTime() < until) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    TopicReader.Row row = TopicReader.Row.of(record);
                    out.println((several ? String.format("%-30s ", record.topic()) : "") + RowFormat.line(row));
                }
                out.flush();
            }
        }
        return 0;
    }
}
