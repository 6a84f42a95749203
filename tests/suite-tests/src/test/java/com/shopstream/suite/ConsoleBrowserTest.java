package com.shopstream.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.shopstream.common.testing.TestStreams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * orders-service's console in a real browser: headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}; Selenium is pointed at the system's driver, so nothing is downloaded) opens
 * {@code /actuator/console} of the running suite while the simulator feeds it, and the charts must hold data points:
 * rows per second, the watermark's lag, each of the three input partitions' watermarks, how late the orders came
 * (the delay advice). The screenshot goes to
 * {@code target/console.png} (the README shows a copy). Skipped where Chromium or its driver is missing;
 * {@code .ci/run} installs both.
 */
class ConsoleBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    @Test
    void theConsoleDrawsWhatTheServiceReports() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
                "Chromium and its driver are not installed (apt-get install chromium chromium-driver)");
        try (InProcessSuite suite = InProcessSuite.start(3, "--shopstream.progress-interval=1s")) {
            CompletableFuture<InProcessSuite.Outcome> load = CompletableFuture.supplyAsync(() -> suite.simulator(
                    "generate", "--orders", "4000", "--rate", "400", "--spacing", "200ms"));
            ChromeDriver browser = browser();
            try {
                browser.get("http://127.0.0.1:" + suite.port(InProcessSuite.ORDERS) + "/actuator/console");
                new WebDriverWait(browser, Duration.ofSeconds(60)).until(page -> points(browser,
                        "rates-orders-per-5m", 0) >= 3 && points(browser, "lag-orders-per-5m", 0) >= 2
                        && seriesWithPoints(browser, "partitions-orders-per-5m") >= 3
                        // the delay advice: the p99 and the current delay of the orders input
                        && points(browser, "advice-orders-per-5m", 1) == 1
                        && points(browser, "advice-orders-per-5m", 4) == 1);
                assertThat(browser.getTitle()).isEqualTo("Shopstream console");
                assertThat(browser.findElement(org.openqa.selenium.By.id("title")).getText())
                        .isEqualTo("Shopstream console — orders-service");
                Path shot = Path.of("target", "console.png");
                Files.createDirectories(shot.getParent());
                Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), shot,
                        StandardCopyOption.REPLACE_EXISTING);
                assertThat(Files.size(shot)).isPositive();
            } finally {
                browser.quit();
            }
            assertThat(load.get().exitCode()).as(load.get().output()).isZero();
        }
    }

    /** Headless Chromium as this machine allows it: no sandbox (root), no background calls to Google's hosts. */
    private static ChromeDriver browser() throws IOException {
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments("--headless=new",
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1400,1800", "--user-data-dir=" + TestStreams.tempDir("chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** Data points of one series of a chart (points whose value is not null). */
    private static long points(ChromeDriver browser, String chart, int series) {
        Object count = ((JavascriptExecutor) browser).executeScript(
                "const el = document.getElementById(arguments[0]); if (!el) return 0;"
                        + "const c = echarts.getInstanceByDom(el); const s = c && c.getOption().series[arguments[1]];"
                        + "return s ? s.data.filter(p => (Array.isArray(p) ? p[1] : p.value[1]) != null).length : 0;",
                chart, series);
        return ((Number) count).longValue();
    }

    /** Series of a chart with at least one data point. */
    private static long seriesWithPoints(ChromeDriver browser, String chart) {
        Object count = ((JavascriptExecutor) browser).executeScript(
                "const el = document.getElementById(arguments[0]); if (!el) return 0;"
                        + "const c = echarts.getInstanceByDom(el); if (!c) return 0;"
                        + "return c.getOption().series.filter(s => s.name.startsWith('orders-') && s.data.some("
                        + "p => (Array.isArray(p) ? p[1] : p.value[1]) != null)).length;", chart);
        return ((Number) count).longValue();
    }
}
