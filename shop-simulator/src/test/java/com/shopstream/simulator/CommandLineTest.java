package com.shopstream.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void readsOptionsFlagsAndPositionals() {
        CommandLine args = new CommandLine(List.of("file.jsonl", "--settle", "--orders", "1_000", "--spacing=250ms",
                "--late", "0.5"), Set.of("settle"));

        assertThat(args.positional()).containsExactly("file.jsonl");
        assertThat(args.flag("settle")).isTrue();
        assertThat(args.number("orders", 0)).isEqualTo(1000);
        assertThat(args.duration("spacing", null)).isEqualTo(Duration.ofMillis(250));
        assertThat(args.share("late", 0)).isEqualTo(0.5);
        args.rejectUnknown();
    }

    @Test
    void saysWhatIsWrong() {
        assertThatThrownBy(() -> new CommandLine(List.of("--late", "2"), Set.of()).share("late", 0))
                .hasMessage("--late must be between 0 and 1, not 2");
        assertThatThrownBy(() -> new CommandLine(List.of("--spacing", "soon"), Set.of()).duration("spacing", null))
                .hasMessage("--spacing must be a duration such as 30s, 5m or 2h, not 'soon'");
        assertThatThrownBy(() -> new CommandLine(List.of("--typo", "1"), Set.of()).rejectUnknown())
                .hasMessage("unknown option(s): [--typo]");
        assertThatThrownBy(() -> new CommandLine(List.of("--orders"), Set.of()))
                .hasMessage("--orders needs a value");
    }

    @Test
    void theCommandLineExitsWithTwoOnMisuse() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.PrintStream print = new java.io.PrintStream(out, true);

        assertThat(ShopSimulator.run(new String[] {"replay", "a.jsonl", "b.jsonl"}, print, print)).isEqualTo(2);
        assertThat(out.toString()).contains("replay takes one scenario file (or none: the shop scenario)");
        assertThat(ShopSimulator.run(new String[] {"bogus"}, print, print)).isEqualTo(2);
    }
}
