package com.shopstream.dedup;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class DedupServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(DedupServiceApplication.class, args);
    }
}
