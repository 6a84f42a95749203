package com.shopstream.common.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.time.BrokerTimeStamps;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/** The producers' interceptors (ours after any of the configuration's own, however given) and the admin's timeouts. */
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

    @Test
    void adminCallsAreBoundedUnlessTheConfigurationHasATimeoutOfItsOwn() {
        Map<Object, Object> none = new HashMap<>();
        StreamsDefaults.boundAdminCalls(none);
        assertThat(none).containsEntry(ADMIN_CALL_TIMEOUT, 15_000).containsEntry(ADMIN_REQUEST_TIMEOUT, 10_000);

        for (Object own : List.of(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ADMIN_REQUEST_TIMEOUT,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ADMIN_CALL_TIMEOUT)) {
            Map<Object, Object> props = new HashMap<>(Map.of(own, 40_000));
            StreamsDefaults.boundAdminCalls(props);
            assertThat(props).as("with %s of its own", own).containsOnlyKeys(own);
        }
    }

    private static final String ADMIN_CALL_TIMEOUT =
            StreamsConfig.adminClientPrefix(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
    private static final String ADMIN_REQUEST_TIMEOUT =
            StreamsConfig.adminClientPrefix(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG);

    private static Object withOurs(Map<Object, Object> given) {
        Map<Object, Object> props = new HashMap<>(given);
        StreamsDefaults.addInterceptor(props, BrokerTimeStamps.class);
        return props.get(PRODUCER_INTERCEPTORS);
    }
}
