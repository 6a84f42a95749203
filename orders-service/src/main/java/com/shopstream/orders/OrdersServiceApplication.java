package com.shopstream.orders;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

@SpringBootApplication
public class OrdersServiceApplication {

    /**
     * The service's configuration file is {@code orders-service.yml}, not {@code application.yml}, so that all five
     * services can share one classpath (the suite tests run them in one JVM). Override it with
     * {@code ./config/orders-service.yml}, environment variables or command-line arguments.
     */
    public static final String CONFIG_NAME = "spring.config.name=orders-service";

    public static void main(String[] args) {
        new SpringApplicationBuilder(OrdersServiceApplication.class).properties(CONFIG_NAME).run(args);
    }
}
