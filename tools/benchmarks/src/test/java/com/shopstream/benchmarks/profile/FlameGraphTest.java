package com.shopstream.benchmarks.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class FlameGraphTest {

    private final FlameGraph graph = new FlameGraph();

    private void samples(int count, String... outermostFirst) {
        for (int i = 0; i < count; i++) {
            graph.add(List.of(outermostFirst));
        }
    }

    @Test
    void countsEachMethodOnceASampleOnTheStackAndOnTopOfIt() {
        samples(6, "Thread.run", "StreamThread.runLoop", "Processor.process", "HashMap.get");
        samples(3, "Thread.run", "StreamThread.runLoop", "Producer.send");
        samples(1, "Thread.run", "Recursive.call", "Recursive.call");

        assertThat(graph.samples()).isEqualTo(10);
        assertThat(graph.inclusive(3)).containsExactly(new FlameGraph.Share("Thread.run", 10, 1.0),
                new FlameGraph.Share("StreamThread.runLoop", 9, 0.9),
                new FlameGraph.Share("HashMap.get", 6, 0.6));
        assertThat(graph.inclusive(10)).as("a recursive method counts once per sample")
                .contains(new FlameGraph.Share("Recursive.call", 1, 0.1));
        assertThat(graph.self(2)).containsExactly(new FlameGraph.Share("HashMap.get", 6, 0.6),
                new FlameGraph.Share("Producer.send", 3, 0.3));
    }

    @Test
    void drawsEachFrameAsWideAsItsShareAboveItsCaller() {
        samples(3, "Thread.run", "com.shopstream.A.work");
        samples(1, "Thread.run", "org.apache.kafka.B.send");

        String svg = graph.svg("a <test>");

        assertThat(svg).startsWith("<svg ").endsWith("</svg>\n").contains("a &lt;test&gt; (4 samples)");
        // under a line of title: the root at the bottom, the whole width
        assertThat(rect(svg, "all")).containsExactly(0.0, 1200.0, 64.0);
        assertThat(rect(svg, "Thread.run")).containsExactly(0.0, 1200.0, 48.0);
        assertThat(rect(svg, "com.shopstream.A.work")).as("the widest callee first").containsExactly(0.0, 900.0, 32.0);
        assertThat(rect(svg, "org.apache.kafka.B.send")).containsExactly(900.0, 300.0, 32.0);
        assertThat(svg).contains("fill=\"#8fce7a\"").contains("fill=\"#f4a460\"");
    }

    @Test
    void framesTooNarrowToDrawAreLeftOutAndMakeTheGraphNoHigher() {
        samples(9_999, "Thread.run", "com.shopstream.A.work");
        List<String> deep = new ArrayList<>(List.of("Thread.run"));
        for (int i = 0; i < 20; i++) {
            deep.add("Deep.call" + i);
        }
        graph.add(deep);   // 0.12 of a pixel wide

        String svg = graph.svg("t");

        assertThat(svg).doesNotContain("Deep.call");
        assertThat(svg).as("three levels drawn, under a title").contains("width=\"1200\" height=\"80\"");
    }

    /** x, width and y of the frame titled {@code name}. */
    private static List<Double> rect(String svg, String name) {
        Matcher frame = Pattern.compile("<title>" + Pattern.quote(name) + " \\([^)]*\\)</title><rect x=\"([0-9.]+)\" "
                + "y=\"([0-9]+)\" width=\"([0-9.]+)\"").matcher(svg);
        assertThat(frame.find()).as(name + " drawn").isTrue();
        return List.of(Double.parseDouble(frame.group(1)), Double.parseDouble(frame.group(3)),
                Double.parseDouble(frame.group(2)));
    }
}
