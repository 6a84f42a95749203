package com.shopstream.benchmarks.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/** The CPU samples ({@code jdk.ExecutionSample}) of a JFR recording, such as the suite's {@code --jfr} writes. */
public final class JfrSamples {

    /** A lambda's hidden class is numbered per JVM run: one name for it, so that runs compare. */
    private static final Pattern LAMBDA = Pattern.compile("\\$\\$Lambda[$0-9a-fx+]*([./][0-9]+)?");

    private JfrSamples() {
    }

    /** {@code type.method}, a lambda's numbered hidden class named {@code Outer$$Lambda}. */
    static String frameName(String type, String method) {
        return LAMBDA.matcher(type).replaceAll("\\$\\$Lambda") + "." + method;
    }

    /**
     * Gives each sample of a thread whose name {@code threads} accepts to {@code samples}, as its frames from the
     * outermost to the innermost; returns how many.
     */
    public static long read(Path recording, Predicate<String> threads, Consumer<List<String>> samples)
            throws IOException {
        long read = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
                    continue;
                }
                RecordedThread thread = event.getThread("sampledThread");
                RecordedStackTrace stack = event.getStackTrace();
                if (stack == null || thread == null || !threads.test(String.valueOf(thread.getJavaName()))) {
                    continue;
                }
                List<String> frames = new ArrayList<>();
                for (RecordedFrame frame : stack.getFrames()) {
                    frames.add(frameName(frame.getMethod().getType().getName(), frame.getMethod().getName()));
                }
                Collections.reverse(frames);   // JFR gives the innermost first
                samples.accept(frames);
                read++;
            }
        }
        return read;
    }
}
