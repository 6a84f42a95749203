package com.shopstream.scenario;

import java.util.List;

/**
 * A topic's records compared with a checkpoint: what was expected, what was found (both as readable lines), and
 * whether they agree as the checkpoint defines it.
 */
public record TopicCheck(String topic, String kind, List<String> expected, List<String> actual, boolean agrees) {

    public String describe() {
        return kind + " " + topic + ": expected " + expected + " but found " + actual;
    }
}
