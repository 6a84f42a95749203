package com.shopstream.benchmarks.suite;

import com.shopstream.harness.JavaProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a target on the loaded backlog and measures its drain from the broker's side: the group's committed offsets
 * and lag, sampled every {@link #SAMPLE}. The interval runs from the first sample that shows a commit (so the JVM's
 * start, Spring's and the rebalance are outside it) to the first that shows no lag; the rate counts only the
 * records committed in between. CPU and memory are read from {@code /proc} at the same two samples.
 */
final class DrainRun {

    private static final Logger LOG = LoggerFactory.getLogger(DrainRun.class);
    private static final Duration SAMPLE = Duration.ofMillis(200);

    private final Admin admin;
    private final String bootstrap;
    private final JavaProcess broker;
    private final Duration timeout;

    /** @param broker the broker this run started (its CPU is reported too), or {@code null} */
    DrainRun(Admin admin, String bootstrap, JavaProcess broker, Duration timeout) {
        this.admin = admin;
        this.bootstrap = bootstrap;
        this.broker = broker;
        this.timeout = timeout;
    }

    /** @param countOutput whether to count the rows of the target's output topic (to compare with its Spark run) */
    DrainResult measure(DrainTarget target, boolean countOutput) throws Exception {
        GroupProgress progress = new GroupProgress(admin, target.group(), target.inputs());
        OutputCount output = !countOutput || target.outputTopic() == null ? null
                : new OutputCount(admin, bootstrap, target.outputTopic());
        List<JavaProcess> processes = target.start();
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            List<DrainSample> samples = new ArrayList<>();
            while (true) {
                for (JavaProcess process : processes) {
                    if (!process.isAlive()) {
                        throw new IllegalStateException(target.name() + " exited during its drain: see "
                                + process.log());
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(target.name() + " did not drain within " + timeout);
                }
                GroupProgress.Snapshot now = progress.snapshot();
                DrainSample sample = new DrainSample(now.nanos(), now.committed(), now.lag(), cpuSeconds(processes),
                        processes.stream().mapToDouble(JavaProcess::compilerCpuSeconds).sum(),
                        broker == null ? 0 : broker.cpuSeconds());
                if (samples.isEmpty() && now.committed() > 0) {
                    LOG.info("{}: first commit seen, {} records committed", target.name(), now.committed());
                }
                if (now.committed() > 0) {
                    samples.add(sample);
                }
                if (samples.size() > 1 && now.lag() == 0) {
                    DrainInterval whole = DrainInterval.whole(samples);
                    if (whole.records() == 0) {
                        throw new IllegalStateException(target.name() + " drained before its first commit was seen: "
                                + "use a larger stream (--orders)");
                    }
                    long drained = System.nanoTime();
                    // instances: their peaks summed (a bound on what they held at once)
                    long peakRss = processes.stream().mapToLong(JavaProcess::peakRssMib).sum();
                    FinalFigures figures = target.finalFigures(processes);
                    return new DrainResult(target.run(), target.baselineRun(), target.name(), whole,
                            DrainInterval.secondHalf(samples), broker != null, peakRss, figures.stateBytes(),
                            figures.late(), target.sparkRun(), output == null ? -1 : output.afterIdle(drained));
                }
                LockSupport.parkNanos(SAMPLE.toNanos());
            }
        } finally {
            for (JavaProcess process : processes) {
                try {
                    process.stop(Duration.ofMinutes(1));
                } catch (IllegalStateException e) {
                    LOG.warn("{} did not stop: killing it", process.name());
                    process.kill();
                }
            }
        }
    }

    private static double cpuSeconds(List<JavaProcess> processes) {
        return processes.stream().mapToDouble(JavaProcess::cpuSeconds).sum();
    }
}
