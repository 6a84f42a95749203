package com.shopstream.dedup;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;

@SpringBootApplication
public class DedupServiceApplication {

    /**
     * The service's configuration file is {@code dedup-service.yml}, not {@code application.yml}, so that all five
     * services can share one classpath (the suite tests run them in one JVM). Override it with
     * {@code ./config/dedup-service.yml}, environment variables or command-line arguments.
     */
    public static final String CONFIG_NAME = "spring.config.name=dedup-service";

    public static void main(String[] args) {
        new SpringApplicationBuilder(DedupServiceApplication.class).properties(CONFIG_NAME).run(args);
    }
}
