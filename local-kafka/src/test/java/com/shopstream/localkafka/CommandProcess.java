package com.shopstream.localkafka;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The {@code local-kafka} command in a JVM of its own, with the test class path; its stdout read line by line. */
final class CommandProcess implements AutoCloseable {

    private static final String END_OF_OUTPUT = "\u0000end";

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();

    private CommandProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
    }

    /** Starts the command; {@code stderr} gets its standard error. */
    static CommandProcess start(Path stderr, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                LocalKafka.class.getName()));
        command.addAll(List.of(args));
        CommandProcess started = new CommandProcess(new ProcessBuilder(command).redirectError(stderr.toFile()).start(),
                stderr);
        Thread reader = new Thread(started::readStdout, "local-kafka-stdout");
        reader.setDaemon(true);
        reader.start();
        return started;
    }

    private void readStdout() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            in.lines().forEach(stdout::add);
        } catch (IOException | RuntimeException e) {
            stdout.add("(reading stdout failed: " + e + ")");
        } finally {
            stdout.add(END_OF_OUTPUT);
        }
    }

    Process process() {
        return process;
    }

    /** The first line starting with {@code prefix}; fails if the output ends or the time is up first. */
    String awaitLine(String prefix, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<String> seen = new ArrayList<>();
        while (true) {
            String line = stdout.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null || line.equals(END_OF_OUTPUT)) {
                throw new AssertionError("no line starting with '" + prefix + "' within " + seconds + " s; stdout: "
                        + seen + "; stderr: " + stderr());
            }
            if (line.startsWith(prefix)) {
                return line;
            }
            seen.add(line);
        }
    }

    /** Sends SIGTERM, as Process.destroy() does, without closing our end of stdout before the last line arrives. */
    void stop() {
        process.toHandle().destroy();
    }

    /** The remaining stdout lines, once the process has closed its output. */
    List<String> rest() throws InterruptedException {
        List<String> rest = new ArrayList<>();
        for (String line = stdout.poll(30, TimeUnit.SECONDS); line != null && !line.equals(END_OF_OUTPUT);
             line = stdout.poll(30, TimeUnit.SECONDS)) {
            rest.add(line);
        }
        return rest;
    }

    String stderr() throws IOException {
        return Files.exists(stderr) ? Files.readString(stderr) : "";
    }

    /** Stops what is left of it after a failed test: SIGTERM first, so that a cluster stops its nodes; then SIGKILL. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(90, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
