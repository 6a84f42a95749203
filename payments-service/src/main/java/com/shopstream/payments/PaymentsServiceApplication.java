package com.shopstream.payments;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

@SpringBootApplication
public class PaymentsServiceApplication {

    /**
     * The service's configuration file is {@code payments-service.yml}, not {@code application.yml}, so that all five
     * services can share one classpath (the suite tests run them in one JVM). Override it with
     * {@code ./config/payments-service.yml}, environment variables or command-line arguments.
     */
    public static final String CONFIG_NAME = "spring.config.name=payments-service";

    public static void main(String[] args) {
        new SpringApplicationBuilder(PaymentsServiceApplication.class).properties(CONFIG_NAME).run(args);
    }
}
