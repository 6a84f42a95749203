package com.shopstream.localkafka;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LocalKafkaOptionsTest {

    @Test
    void noArgumentsGiveTheDocumentedDefaults() {
        LocalKafkaOptions options = LocalKafkaOptions.parse();

        assertThat(options).isEqualTo(LocalKafkaOptions.defaults());
        assertThat(options.host()).isEqualTo("127.0.0.1");
        assertThat(options.port()).isEqualTo(9092);
        assertThat(options.controllerPort()).isEqualTo(9093);
        assertThat(options.dataDir()).isEqualTo(Path.of("target/local-kafka-data"));
        assertThat(options.partitions()).isEqualTo(3);
        assertThat(options.createTopics()).isTrue();
        assertThat(options.brokers()).as("a single broker, as before clusters").isEqualTo(1);
        assertThat(options.node()).as("not a node of a cluster").isZero();
    }

    @Test
    void readsAClusterAndANode() {
        assertThat(LocalKafkaOptions.parse("--brokers", "3").brokers()).isEqualTo(3);
        assertThat(LocalKafkaOptions.parse("--data-dir=d", "--node=2")).isEqualTo(LocalKafkaOptions.defaults()
                .withDataDir(Path.of("d")).withNode(2));
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--brokers", "10"))
                .withMessage("--brokers must be between 1 and 9, got 10");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--brokers", "three"))
                .withMessage("--brokers must be a whole number between 1 and 9, got 'three'");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--node", "-1"))
                .withMessage("--node must be a node id between 1 and 9, got -1");
    }

    @Test
    void aNodeRefusesWhatItWouldIgnore() {
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--data-dir", "d", "--node",
                        "2", "--partitions", "3", "--brokers=3"))
                .withMessage("--node takes its ports and everything else from the cluster in its --data-dir;"
                        + " --brokers, --partitions would be ignored: leave them out");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--node", "1", "--port", "0"))
                .withMessage("--node takes its ports and everything else from the cluster in its --data-dir;"
                        + " --port would be ignored: leave it out");
    }

    @Test
    void readsEveryOptionInBothSpellings() {
        LocalKafkaOptions options = LocalKafkaOptions.parse("--host", "localhost", "--port=0", "--controller-port", "19093",
                "--data-dir=/tmp/kafka data", "--partitions", "6", "--no-topics");

        assertThat(options).isEqualTo(new LocalKafkaOptions("localhost", 0, 19093, Path.of("/tmp/kafka data"), 6, false));
    }

    @Test
    void recognisesHelp() {
        assertThat(LocalKafkaOptions.isHelp("--port", "1", "--help")).isTrue();
        assertThat(LocalKafkaOptions.isHelp("-h")).isTrue();
        assertThat(LocalKafkaOptions.isHelp("--port", "1")).isFalse();
        assertThat(LocalKafkaOptions.usage()).contains("--port", "--controller-port", "--data-dir", "--partitions",
                "--no-topics", "--host", "--brokers", "--node", "9092", "9093", "target/local-kafka-data");
    }

    @Test
    void badValuesAreExplained() {
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--port", "abc"))
                .withMessage("--port must be a port number between 0 and 65535 (0 = any free port), got 'abc'");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--port", "70000"))
                .withMessage("--port must be between 0 and 65535, got 70000");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--controller-port=-1"))
                .withMessage("--controller-port must be between 0 and 65535, got -1");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--port", "9093"))
                .withMessage("--port and --controller-port must differ, both are 9093");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--partitions", "0"))
                .withMessage("--partitions must be between 1 and 1000, got 0");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--partitions", "three"))
                .withMessage("--partitions must be a whole number between 1 and 1000, got 'three'");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--host="))
                .withMessage("--host must not be empty");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--host", "0.0.0.0"))
                .withMessage("--host must be an address clients can connect to, such as 127.0.0.1 or this machine's"
                        + " name; 0.0.0.0 is not");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--data-dir", " "))
                .withMessage("--data-dir must not be empty");
    }

    @Test
    void missingValuesAndUnknownOptionsAreExplained() {
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--port"))
                .withMessage("--port needs a value");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--data-dir", "--no-topics"))
                .withMessage("--data-dir needs a value");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--prot", "9092"))
                .withMessage("unknown option '--prot'");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("9092"))
                .withMessage("unknown option '9092'");
        assertThatIllegalArgumentException().isThrownBy(() -> LocalKafkaOptions.parse("--no-topics=yes"))
                .withMessage("--no-topics takes no value, got '--no-topics=yes'");
    }

    @Test
    void portZeroMeansAnyFreePortForBoth() {
        assertThat(LocalKafkaOptions.parse("--port", "0", "--controller-port", "0").port()).isZero();
    }
}
