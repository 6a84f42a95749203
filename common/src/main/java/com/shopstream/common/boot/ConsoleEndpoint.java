package com.shopstream.common.boot;

import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * {@code GET /actuator/console}: a live page per service, next to the other actuator endpoints (so on the management
 * port), drawing what {@code /actuator/streamprogress} reports over the last minutes: rows in and late (by cause) and
 * dead letters per second, how far each query's watermark is behind its newest event time, each input partition's
 * watermark (idle and awaited ones marked), and the rows of each state store. Plain HTML and one chart library
 * (Apache ECharts, from its webjar, served at {@code /actuator/console/echarts.min.js}); no front-end build.
 */
@WebEndpoint(id = "console")
public class ConsoleEndpoint {

    static final String ECHARTS = "echarts.min.js";
    private static final Resource PAGE = new ClassPathResource("shopstream-console/index.html");
    private static final Resource ECHARTS_SCRIPT =
            new ClassPathResource("META-INF/resources/webjars/echarts/5.3.1/dist/echarts.min.js");

    @ReadOperation(produces = "text/html;charset=UTF-8")
    public Resource page() {
        return PAGE;
    }

    /** The page's one script; anything else is a 404. */
    @ReadOperation(produces = "text/javascript;charset=UTF-8")
    public Resource asset(@Selector String file) {
        return ECHARTS.equals(file) ? ECHARTS_SCRIPT : null;
    }
}
