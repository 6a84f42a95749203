package com.shopstream.common.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.time.BrokerTimeStamps;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/** The producers' interceptors: ours after any of the configuration's own, however they were given. */
class StreamsDefaultsTest {

    private static final String PRODUCER_INTERCEPTORS =
            StreamsConfig.producerPrefix(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);
    private static final String OURS = BrokerTimeStamps.class.getName();

    @Test
    void withoutInterceptorsOfItsOwnTheProducersGetOurs() {
        assertThat(withOurs(Map.of())).isEqualTo(OURS);
    }

    @Test
    void theConfigurationsOwnComeFirstAsTextAListOrAClass() {
        assertThat(withOurs(Map.of(PRODUCER_INTERCEPTORS, "a.One, b.Two"))).isEqualTo("a.One,b.Two," + OURS);
        assertThat(withOurs(Map.of(PRODUCER_INTERCEPTORS, List.of("a.One", String.class))))
                .isEqualTo("a.One,java.lang.String," + OURS);
        assertThat(withOurs(Map.of(PRODUCER_INTERCEPTORS, String.class))).isEqualTo("java.lang.String," + OURS);
    }

    @Test
    void anUnprefixedSettingIsKeptForTheProducersWhichThePrefixedOneWouldHide() {
        assertThat(withOurs(Map.of(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG, "a.Every"))).isEqualTo("a.Every," + OURS);
    }

    @Test
    void appliedTwiceItIsThereOnce() {
        Map<Object, Object> props = new HashMap<>();
        StreamsDefaults.addInterceptor(props, BrokerTimeStamps.class);
        StreamsDefaults.addInterceptor(props, BrokerTimeStamps.class);

        assertThat(props.get(PRODUCER_INTERCEPTORS)).isEqualTo(OURS);
    }

    private static Object withOurs(Map<Object, Object> given) {
        Map<Object, Object> props = new HashMap<>(given);
        StreamsDefaults.addInterceptor(props, BrokerTimeStamps.class);
        return props.get(PRODUCER_INTERCEPTORS);
    }
}
