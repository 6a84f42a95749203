package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class FinalFiguresParsingTest {

    @Test
    void aServiceReportsStateBytesOfTheStoresThatKnowThemAndLateRowsOfEveryQuery() {
        String report = """
                {"service":"orders-service","timestamp":"2026-11-29T15:34:05Z","interval":"PT1S",
                 "queries":[{"name":"a","totals":{"input_rows":10,"late_rows":3}},
                            {"name":"b","totals":{"input_rows":10,"late_rows":4}}],
                 "state_stores":[{"name":"s1","rows":5,"estimated_bytes":1000},
                                 {"name":"buffer","rows":-1,"estimated_bytes":-1},
                                 {"name":"s2","rows":1,"estimated_bytes":24}]}
                """;

        FinalFigures figures = ServiceTarget.figures(JsonMapper.builder().build().readTree(report));

        assertThat(figures).isEqualTo(new FinalFigures(1024, 7));
    }

    @Test
    void theBaselinePrintsItsFiguresOnAStatusLine() {
        assertThat(BaselineTarget.parse("baseline-status dropped=12 state-bytes=3456"))
                .isEqualTo(new FinalFigures(3456, 12));
    }

    @Test
    void instancesOfOneGroupAddUpWhatEachKnows() {
        assertThat(new FinalFigures(1000, 3).plus(new FinalFigures(24, 4))).isEqualTo(new FinalFigures(1024, 7));
        assertThat(new FinalFigures(-1, 3).plus(new FinalFigures(24, -1))).isEqualTo(new FinalFigures(24, 3));
        assertThat(FinalFigures.UNKNOWN.plus(FinalFigures.UNKNOWN)).isEqualTo(FinalFigures.UNKNOWN);
    }
}
