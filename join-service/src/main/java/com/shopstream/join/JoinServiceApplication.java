package com.shopstream.join;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class JoinServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(JoinServiceApplication.class, args);
    }
}
