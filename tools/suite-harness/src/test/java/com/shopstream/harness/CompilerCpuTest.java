package com.shopstream.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerCpuTest {

    @Test
    void onlyTheCompilerThreadsAreSummed(@TempDir Path tasks) throws IOException {
        // /proc/<pid>/task/<tid>/stat: pid (name) state ppid … utime stime …, in clock ticks
        thread(tasks, 101, "C2 CompilerThre", 700, 50);
        thread(tasks, 102, "C1 CompilerThre", 120, 30);
        thread(tasks, 103, "main", 5_000, 400);
        thread(tasks, 104, "orders-service-", 9_000, 100);
        // a name with a parenthesis and spaces of its own: the fields after the last ')' count
        thread(tasks, 105, "a (C2) thread", 3_000, 3_000);

        assertThat(JavaProcess.compilerCpuSeconds(tasks, new JavaProcess.SeenThreads())).isCloseTo(9.0, within(1e-9));
    }

    @Test
    void aCompilerThreadTheJvmStopsKeepsWhatItHadUsed(@TempDir Path tasks) throws IOException {
        JavaProcess.SeenThreads seen = new JavaProcess.SeenThreads();
        thread(tasks, 101, "C2 CompilerThre", 700, 50);
        thread(tasks, 102, "C2 CompilerThre", 300, 0);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(10.5, within(1e-9));

        ends(tasks, 102);   // stopped: its entry gone, or going
        thread(tasks, 101, "C2 CompilerThre", 900, 50);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(12.5, within(1e-9));

        Files.createDirectories(tasks.resolve("103"));             // listed, its stat already gone
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(12.5, within(1e-9));
    }

    @Test
    void aThreadNamedAlikeAtTwoLooksIsNotReadAgainUntilItsIdComesBack(@TempDir Path tasks) throws IOException {
        JavaProcess.SeenThreads seen = new JavaProcess.SeenThreads();
        thread(tasks, 101, "C2 CompilerThre", 700, 50);
        thread(tasks, 103, "main", 5_000, 400);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(7.5, within(1e-9));
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(7.5, within(1e-9));

        // were 103 read again, it would count now: a look reads the compiler threads and threads not yet settled
        thread(tasks, 103, "C2 CompilerThre", 1_000, 0);
        thread(tasks, 104, "C1 CompilerThre", 200, 0);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(9.5, within(1e-9));

        ends(tasks, 103);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(9.5, within(1e-9));
        thread(tasks, 103, "C2 CompilerThre", 100, 0);           // its id, given to a new compiler thread
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(10.5, within(1e-9));
    }

    @Test
    void aThreadTheJvmHasNotNamedYetIsReadAgain(@TempDir Path tasks) throws IOException {
        // a new thread carries its creator's name until the JVM names it: the first looks come while it does
        JavaProcess.SeenThreads seen = new JavaProcess.SeenThreads();
        thread(tasks, 101, "java", 0, 0);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isZero();

        thread(tasks, 101, "C2 CompilerThre", 300, 0);
        assertThat(JavaProcess.compilerCpuSeconds(tasks, seen)).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void thisJvmsCompilerThreadsAreFoundAndHaveCompiled() {
        // the test's own JVM has compiled JUnit and AssertJ by now: a zero would mean the threads were not found
        assertThat(JavaProcess.compilerCpuSeconds(Path.of("/proc/self/task"), new JavaProcess.SeenThreads()))
                .isPositive();
    }

    private static void ends(Path tasks, int tid) throws IOException {
        Path dir = tasks.resolve(Integer.toString(tid));
        Files.delete(dir.resolve("stat"));
        Files.delete(dir);
    }

    private static void thread(Path tasks, int tid, String name, long utime, long stime) throws IOException {
        Path dir = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
        Files.writeString(dir.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 4194368 100 0 0 0 " + utime + " "
                + stime + " 0 0 20 0 30 0 500 0 0\n");
    }
}
