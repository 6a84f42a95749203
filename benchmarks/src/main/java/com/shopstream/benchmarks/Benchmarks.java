package com.shopstream.benchmarks;

import java.util.Arrays;
import java.util.List;

/**
 * Benchmark commands; each prints its figures.
 * <pre>
 *   topology [--services orders,sessions,join,dedup] [--orders 1000000] [--seed 42]
 *   http-load [--url http://127.0.0.1:8085] [--seconds 30] [--connections 8] [--batch 1]
 * </pre>
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "benchmarks-logback.xml");
        }
        if (args.length == 0) {
            System.out.println("usage: benchmarks topology|http-load [options] (see BENCHMARKS.md)");
            System.exit(2);
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        switch (args[0]) {
            case "topology" -> TopologyThroughput.run(
                    List.of(option(rest, "services", "orders,sessions,join,dedup").split(",")),
                    Long.parseLong(option(rest, "orders", "1000000")), Long.parseLong(option(rest, "seed", "42")),
                    System.out);
            case "http-load" -> PaymentsHttpLoad.run(option(rest, "url", "http://127.0.0.1:8085"),
                    Integer.parseInt(option(rest, "seconds", "30")), Integer.parseInt(option(rest, "connections", "8")),
                    Integer.parseInt(option(rest, "batch", "1")), System.out);
            default -> {
                System.out.println("unknown benchmark " + args[0]);
                System.exit(2);
            }
        }
        System.exit(0);
    }

    static String option(List<String> args, String name, String fallback) {
        int at = args.indexOf("--" + name);
        return at >= 0 && at + 1 < args.size() ? args.get(at + 1) : fallback;
    }
}
