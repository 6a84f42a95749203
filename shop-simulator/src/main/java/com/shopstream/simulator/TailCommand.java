package com.shopstream.simulator;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/** {@code tail TOPIC…}: prints output topics ({@code read_committed}) as readable rows, live, until Ctrl-C. */
final class TailCommand {

    private TailCommand() {
    }

    static int run(CommandLine args, PrintStream out) {
        if (args.positional().isEmpty()) {
            throw new CommandLine.UsageException("tail needs at least one topic, e.g. tail orders-per-5m customer-sessions");
        }
        String bootstrap = args.text("bootstrap", "127.0.0.1:9092");
        boolean fromEnd = args.flag("from-end");
        Duration forHowLong = args.duration("for", null);
        args.rejectUnknown();

        try (TopicReader reader = new TopicReader(bootstrap)) {
            KafkaConsumer<byte[], byte[]> consumer = reader.consumer();
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : args.positional()) {
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
            boolean several = args.positional().size() > 1;
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
