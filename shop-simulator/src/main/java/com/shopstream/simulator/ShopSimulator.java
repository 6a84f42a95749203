package com.shopstream.simulator;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The shop simulator: {@code replay}, {@code generate}, {@code tail}, {@code verify}. Its output is its user
 * interface, so it prints to standard output; client logs stay at WARN.
 */
public final class ShopSimulator {

    private static final String USAGE = """
            usage: java -jar shop-simulator.jar <command> [options]

              replay [FILE.jsonl] send a scenario in seq order, one record at a time (no file: the shop scenario)
                  --settle            wait after each record until every service has processed it
                  --settle-timeout 60s, --settle-groups orders-service,session-service,...
                  --orders-topic orders  --payments-topic payments-raw
              generate            send a seeded random shop stream; prints what it sent per kind
                  --orders 10000  --seed 42  --rate 0 (events/s, 0 = as fast as possible)
                  --spacing 10ms (event time between orders)  --start <ISO instant>  --customers 1000
                  --late 0.01  --duplicates 0.10  --paid 0.80  --outside 0.10 (payments after the 5-min bound)
                  --orders-topic orders  --payments-topic payments-raw (or payments: keyed by order id)
              tail TOPIC...       print output topics (read_committed) as readable rows, live
                  --from-end  --for 30s
              verify              compare every output topic with a checkpoint of the expected results
                  --expected FILE (default: the shop scenario's)  --checkpoint <after seq; default: last>

              dashboards          start Prometheus against the services and evaluate every PromQL of the dashboard
                  --prometheus /usr/bin/prometheus  --targets 127.0.0.1:8081,...,127.0.0.1:8085
                  --dashboard deploy/grafana/dashboards/shopstream.json  --timeout 60s

              every command: --bootstrap 127.0.0.1:9092
            """;

    private ShopSimulator() {
    }

    public static void main(String[] args) {
        // its own logging file, not logback.xml: a jar that depends on the simulator keeps its own logging
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "shop-simulator-logback.xml");
        }
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command; its exit code is the return value. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            out.print(USAGE);
            return args.length == 0 ? 2 : 0;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        try {
            CommandLine options = new CommandLine(rest, Set.of("settle", "from-end"));
            return switch (args[0]) {
                case "replay" -> ReplayCommand.run(options, out);
                case "generate" -> GenerateCommand.run(options, out);
                case "tail" -> TailCommand.run(options, out);
                case "verify" -> VerifyCommand.run(options, out);
                case "dashboards" -> DashboardsCommand.run(options, out);
                default -> throw new CommandLine.UsageException("unknown command '" + args[0] + "'");
            };
        } catch (CommandLine.UsageException e) {
            err.println("shop-simulator: " + e.getMessage());
            err.print(USAGE);
            return 2;
        } catch (Exception e) {
            err.println("shop-simulator " + args[0] + " failed: " + e.getMessage());
            return 1;
        }
    }
}
