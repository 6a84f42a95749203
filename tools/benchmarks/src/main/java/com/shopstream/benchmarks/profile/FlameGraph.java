package com.shopstream.benchmarks.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Stack samples added up into a tree of frames (outermost first), drawn as a flame graph (SVG, a frame's width its
 * share of the samples, callers below callees) and listed as the methods with the most samples, on the stack at all
 * (inclusive) and on top of it (self).
 */
public final class FlameGraph {

    private static final int WIDTH = 1200;
    private static final int FRAME_HEIGHT = 16;
    private static final double NARROWEST = 1;   // px: narrower frames (and their callees) are not drawn

    private final Node root = new Node("all");
    private final Map<String, Long> inclusive = new HashMap<>();
    private final Map<String, Long> self = new HashMap<>();
    private long samples;

    /** One sample: its frames from the outermost (the thread's run method) to the innermost. */
    public void add(List<String> outermostFirst) {
        samples++;
        root.count++;
        Node node = root;
        for (String frame : outermostFirst) {
            node = node.children.computeIfAbsent(frame, Node::new);
            node.count++;
        }
        outermostFirst.stream().distinct().forEach(frame -> inclusive.merge(frame, 1L, Long::sum));
        if (!outermostFirst.isEmpty()) {
            self.merge(outermostFirst.get(outermostFirst.size() - 1), 1L, Long::sum);
        }
    }

    public long samples() {
        return samples;
    }

    /** The {@code limit} methods on the most samples' stacks, with their share; most first, then by name. */
    public List<Share> inclusive(int limit) {
        return top(inclusive, limit);
    }

    /** The {@code limit} methods on top of the most samples' stacks (where the time is spent in the method itself). */
    public List<Share> self(int limit) {
        return top(self, limit);
    }

    private List<Share> top(Map<String, Long> counts, int limit) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(limit)
                .map(entry -> new Share(entry.getKey(), entry.getValue(), (double) entry.getValue() / samples))
                .toList();
    }

    /** The flame graph as an SVG document, titled {@code title}. */
    public String svg(String title) {
        List<Placed> frames = new ArrayList<>();
        place(root, 0, 0, frames);
        // as high as the frames drawn: deep stacks too narrow to draw would leave a blank band
        int depth = frames.stream().mapToInt(Placed::level).max().orElse(0);
        int height = (depth + 1) * FRAME_HEIGHT + 2 * FRAME_HEIGHT;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"monospace\" font-size=\"11\">%n", WIDTH, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fdfdf6\"/>%n", WIDTH, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"13\">%s (%,d samples)</text>%n", escape(title),
                samples));
        for (Placed frame : frames) {
            double width = frame.node().count * (double) WIDTH / Math.max(1, samples);
            int y = height - (frame.level() + 1) * FRAME_HEIGHT;
            String name = frame.node().name;
            svg.append(String.format(Locale.ROOT, "<g><title>%s (%,d samples, %.1f %%)</title><rect x=\"%.1f\" "
                            + "y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"#fdfdf6\" "
                            + "stroke-width=\"0.5\"/>",
                    escape(name), frame.node().count, 100.0 * frame.node().count / samples, frame.x(), y, width,
                    FRAME_HEIGHT - 1, colour(name)));
            int fits = (int) ((width - 4) / 6.6);
            String shortName = shortName(name);
            if (fits >= 3) {
                String label = shortName.length() <= fits ? shortName : shortName.substring(0, fits - 2) + "..";
                svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", frame.x() + 2,
                        y + FRAME_HEIGHT - 4, escape(label)));
            }
            svg.append("</g>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    private void place(Node node, int level, double x, List<Placed> out) {
        double width = node.count * (double) WIDTH / Math.max(1, samples);
        if (width < NARROWEST) {
            return;
        }
        out.add(new Placed(node, level, x));
        double childX = x;
        // widest callee first, so the same code sits in the same place in every graph
        List<Node> children = new ArrayList<>(node.children.values());
        children.sort(Comparator.comparingLong((Node child) -> child.count).reversed()
                .thenComparing(child -> child.name));
        for (Node child : children) {
            place(child, level + 1, childX, out);
            childX += child.count * (double) WIDTH / samples;
        }
    }

    /** Kafka's code orange, Shopstream's green, the JDK's blue, the rest (Spring, RocksDB's JNI) grey. */
    private static String colour(String frame) {
        if (frame.startsWith("org.apache.kafka.")) {
            return "#f4a460";
        }
        if (frame.startsWith("com.shopstream.")) {
            return "#8fce7a";
        }
        if (frame.startsWith("java.") || frame.startsWith("jdk.") || frame.startsWith("sun.")) {
            return "#9ec3e6";
        }
        return "#c8c8c8";
    }

    /** The class's simple name and the method: the tooltip has the whole name. */
    private static String shortName(String frame) {
        int method = frame.lastIndexOf('.');
        int type = method <= 0 ? -1 : frame.lastIndexOf('.', method - 1);
        return frame.substring(type + 1);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** A method and the samples it is in. */
    public record Share(String method, long samples, double share) {
    }

    private record Placed(Node node, int level, double x) {
    }

    private static final class Node {
        private final String name;
        private final Map<String, Node> children = new LinkedHashMap<>();
        private long count;

        private Node(String name) {
            this.name = name;
        }
    }
}
