package com.shopstream.common.boot;

/**
 * Who the running service is and where its refused records go: {@code spring.application.name}, its dead-letter
 * topic and its late topic (defaults {@code <name>-dlq}, {@code <name>-late}).
 */
public record ServiceIdentity(String name, String deadLetterTopic, String lateTopic) {
}
