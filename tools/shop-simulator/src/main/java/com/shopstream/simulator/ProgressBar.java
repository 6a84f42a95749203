package com.shopstream.simulator;

import java.io.PrintStream;

/** A one-line progress bar, redrawn in place on a terminal (one line per 10 % otherwise). */
final class ProgressBar {

    private static final int WIDTH = 30;

    private final PrintStream out;
    private final long total;
    private final boolean terminal;
    private int lastTenth = -1;

    ProgressBar(PrintStream out, long total) {
        this.out = out;
        this.total = Math.max(1, total);
        this.terminal = System.console() != null;
    }

    void show(long done, String label) {
        int filled = (int) (WIDTH * Math.min(done, total) / total);
        String line = String.format("[%s%s] %d/%d %s", "#".repeat(filled), ".".repeat(WIDTH - filled), done, total,
                label);
        if (terminal) {
            out.print("\r" + line + "\u001b[K");
            if (done >= total) {
                out.println();
            }
        } else {
            int tenth = (int) (10 * done / total);
            if (tenth != lastTenth) {
                lastTenth = tenth;
                out.println(line);
            }
        }
        out.flush();
    }
}
