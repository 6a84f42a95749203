package com.shopstream.orders.query;

import com.shopstream.orders.config.OrdersProperties;
import com.shopstream.orders.topology.OrderWindowConfig;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.web.client.RestClient;

/** The window-query endpoint and the store reader behind it. */
@Configuration(proxyBeanMethods = false)
class WindowQueryConfiguration {

    @Bean
    WindowStoreReader windowStoreReader(StreamsBuilderFactoryBean factoryBean) {
        // instances ask each other: keep such calls short so one slow instance cannot hold a request for long
        SimpleClientHttpRequestFactory requests = new SimpleClientHttpRequestFactory();
        requests.setConnectTimeout(Duration.ofSeconds(2));
        requests.setReadTimeout(Duration.ofSeconds(5));
        RestClient http = RestClient.builder().requestFactory(requests).build();
        return new WindowStoreReader(factoryBean, http);
    }

    @Bean
    WindowQueryController windowQueryController(OrderWindowConfig config, WindowStoreReader reader,
                                                OrdersProperties properties) {
        return new WindowQueryController(config.queries(), reader, properties.queryMaxRange(),
                properties.queryMaxRows());
    }
}
