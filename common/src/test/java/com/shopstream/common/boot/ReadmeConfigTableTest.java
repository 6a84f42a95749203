package com.shopstream.common.boot;

import com.shopstream.common.testing.ConfigTable;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The shared settings ({@code shopstream.*}) are documented in the root README. */
class ReadmeConfigTableTest {

    @Test
    void theRootReadmesConfigurationTablesAreWhatTheSharedPropertiesBindWithTheirDefaults() {
        ConfigTable.assertReadmeMatches(Path.of("../README.md"), ShopstreamProperties.class);
    }
}
