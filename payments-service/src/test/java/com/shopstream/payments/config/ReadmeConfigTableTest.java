package com.shopstream.payments.config;

import com.shopstream.common.testing.ConfigTable;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ReadmeConfigTableTest {

    @Test
    void theReadmesConfigurationTableIsWhatThePropertiesBindWithTheirDefaults() {
        ConfigTable.assertReadmeMatches(Path.of("README.md"), PaymentsProperties.class);
    }
}
