package com.shopstream.session;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

@SpringBootApplication
public class SessionServiceApplication {

    /**
     * The service's configuration file is {@code session-service.yml}, not {@code application.yml}, so that all five
     * services can share one classpath (the suite tests run them in one JVM). Override it with
     * {@code ./config/session-service.yml}, environment variables or command-line arguments.
     */
    public static final String CONFIG_NAME = "spring.config.name=session-service";

    public static void main(String[] args) {
        new SpringApplicationBuilder(SessionServiceApplication.class).properties(CONFIG_NAME).run(args);
    }
}
