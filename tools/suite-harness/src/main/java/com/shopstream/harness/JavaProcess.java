package com.shopstream.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A JVM started from an executable jar (or a main class), its output in a log file: start it, wait for a line, stop
 * it with SIGTERM or kill it with SIGKILL, and read its CPU time and memory from {@code /proc}.
 */
public class JavaProcess implements AutoCloseable {

    private static final long CLOCK_TICKS_PER_SECOND = 100;
    /** How much of a log a failure quotes: CI keeps the test output, not the processes' logs. */
    private static final int FAILURE_LOG_LINES = 40;

    private final String name;
    private final Path log;
    private final List<String> command;
    /** Environment variables set for the JVM besides the test's own (e.g. libfaketime's). */
    private Map<String, String> environment = Map.of();
    private Process process;
    /** The threads {@link #compilerCpuSeconds()} has seen. */
    private final SeenThreads seenThreads = new SeenThreads();

    public JavaProcess(String name, Path jar, List<String> jvmOptions, List<String> arguments, Path log) {
        this(name, log, java(jvmOptions, List.of("-jar", jar.toString()), arguments));
    }

    private JavaProcess(String name, Path log, List<String> command) {
        this.name = name;
        this.log = log;
        this.command = command;
    }

    /** A JVM running {@code mainClass} from a class path (a program that is not an executable jar). */
    public static JavaProcess ofMainClass(String name, String classPath, String mainClass, List<String> jvmOptions,
                                          List<String> arguments, Path log) {
        return new JavaProcess(name, log, java(jvmOptions, List.of("-cp", classPath, mainClass), arguments));
    }

    private static List<String> java(List<String> jvmOptions, List<String> program, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(program);
        command.addAll(arguments);
        return List.copyOf(command);
    }

    /**
     * Starts the JVM with these environment variables too: e.g. libfaketime's {@code LD_PRELOAD} and
     * {@code FAKETIME}, set on the JVM itself rather than through the {@code faketime} program, which forks and would
     * leave the JVM behind when it is stopped.
     */
    public JavaProcess withEnvironment(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        return this;
    }

    public JavaProcess start() {
        try {
            Files.createDirectories(log.getParent());
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment);
            process = builder.redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    /** Waits for a line of the log matching {@code regex}; fails if the process exits first. */
    public void awaitLog(String regex, Duration timeout) {
        Pattern pattern = Pattern.compile(regex);
        Await.until(name + " to log '" + regex + "' (see " + log + ")", timeout, () -> {
            if (!process.isAlive()) {
                throw exited("exited with " + process.exitValue());
            }
            return Files.exists(log) && Files.readAllLines(log).stream().anyMatch(l -> pattern.matcher(l).find());
        });
    }

    /** SIGTERM, and waits for the exit. */
    public int stop(Duration timeout) {
        if (process == null || !process.isAlive()) {
            return process == null ? 0 : process.exitValue();
        }
        process.destroy();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " did not stop within " + timeout + ": see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /** Waits for a process that ends by itself (a command-line tool) and returns its exit code. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " did not finish within " + timeout + ": see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /** SIGKILL: no shutdown hook, no commit, no flush — a crash. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The failure of a process that exited when it should not have: {@code what} happened, and its log's end. */
    protected IllegalStateException exited(String what) {
        return new IllegalStateException(name + " " + what + ": see " + log + "; it ends with:\n"
                + logTail(FAILURE_LOG_LINES));
    }

    /** The last lines of the log (what a failure message quotes), or a note why there are none. */
    public String logTail(int lines) {
        try {
            if (!Files.exists(log)) {
                return "(no log)";
            }
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    public String name() {
        return name;
    }

    public Path log() {
        return log;
    }

    /** User + system CPU seconds of the process so far. */
    public double cpuSeconds() {
        return cpuSecondsOf(read("/proc/" + pid() + "/stat"));
    }

    /**
     * User + system CPU seconds so far of the JVM's JIT compiler threads ({@code C1 CompilerThread<n>}, {@code C2
     * CompilerThread<n>}; the kernel keeps 15 characters of a thread's name): how much of the process's CPU went to
     * compiling. The JVM may stop a compiler thread it no longer needs (not the last C1 or C2 one, so never on two
     * cores) and its time then leaves {@code /proc/<pid>/task}: each thread counts with what it had used when last
     * seen, so the figure never goes down; what a stopped thread used after the last look is missed. A look reads the
     * {@code stat} of the compiler threads, and of other threads until it has seen them twice with the same name: a
     * drain looks every 200 ms, on the cores the measured process uses, and its threads are about a hundred.
     */
    public double compilerCpuSeconds() {
        return compilerCpuSeconds(Path.of("/proc/" + pid() + "/task"), seenThreads);
    }

    /**
     * {@link #compilerCpuSeconds()} of the process whose {@code /proc/<pid>/task} directory is {@code tasks}, with
     * {@code known} kept from one look to the next.
     */
    static double compilerCpuSeconds(Path tasks, SeenThreads known) {
        Set<String> listed = new HashSet<>();
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path thread : threads.toList()) {
                String id = thread.getFileName().toString();
                listed.add(id);
                if (known.others.contains(id)) {
                    continue;
                }
                try {
                    String stat = Files.readString(thread.resolve("stat"));
                    String threadName = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    if (threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre")) {
                        known.cpu.put(id, cpuSecondsOf(stat));
                        known.once.remove(id);
                    } else if (threadName.equals(known.once.get(id))) {
                        // the same name at two looks: named for good (a new thread has its creator's name until
                        // the JVM names it, and the first looks come while the JVM starts its compiler threads)
                        known.others.add(id);
                        known.once.remove(id);
                    } else {
                        known.once.put(id, threadName);
                    }
                } catch (IOException ended) {
                    // the thread ended between the listing and the read: it keeps what it had when last seen
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // a thread id the kernel gives again later belongs to a new thread: it is looked at afresh
        known.others.retainAll(listed);
        known.once.keySet().retainAll(listed);
        return known.cpu.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** The threads {@link #compilerCpuSeconds()} has seen, by thread id, from one look to the next. */
    static final class SeenThreads {

        /** Each compiler thread's CPU seconds when last seen (kept when it stops). */
        private final Map<String, Double> cpu = new ConcurrentHashMap<>();
        /** Other threads seen once, with the name they had then. */
        private final Map<String, String> once = new ConcurrentHashMap<>();
        /** Other threads seen twice with the same name: their {@code stat} is not read again. */
        private final Set<String> others = ConcurrentHashMap.newKeySet();
    }

    /** A {@code stat} line's user + system CPU seconds. */
    private static double cpuSecondsOf(String line) {
        String[] stat = line.substring(line.lastIndexOf(')') + 2).split(" ");
        // fields after the command: state is index 0, so utime (14th field) is index 11 and stime index 12
        return (Long.parseLong(stat[11]) + Long.parseLong(stat[12])) / (double) CLOCK_TICKS_PER_SECOND;
    }

    /** Peak resident set size (VmHWM), in MiB. */
    public long peakRssMib() {
        return statusKb("VmHWM:") / 1024;
    }

    /** Resident set size now (VmRSS), in MiB. */
    public long rssMib() {
        return statusKb("VmRSS:") / 1024;
    }

    private long statusKb(String field) {
        for (String line : read("/proc/" + pid() + "/status").split("\n")) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.substring(field.length()).trim().split("\\s+")[0]);
            }
        }
        return -1;
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (isAlive()) {
            kill();
        }
    }
}
