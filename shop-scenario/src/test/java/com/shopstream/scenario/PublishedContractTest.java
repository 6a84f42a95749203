package com.shopstream.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The repository carries its own copies of the contract and the golden scenario; their owner publishes changes in
 * {@code ../shared} beside the repository. Where that folder is present, its files and the copies must be the same
 * bytes — a change published there fails here, with the one command that brings it in. Where it is not (a clone on
 * its own), there is nothing to compare.
 */
class PublishedContractTest {

    private static final Path ROOT = Path.of(System.getProperty("shopstream.root", "..")).toAbsolutePath().normalize();
    private static final Path SHARED = ROOT.resolveSibling("shared");
    private static final Path SCENARIOS = ROOT.resolve("shop-scenario/src/main/resources/com/shopstream/scenario");

    /** Each published file and the repository's copy of it. */
    static Map<Path, Path> copies() {
        Map<Path, Path> copies = new LinkedHashMap<>();
        copies.put(SHARED.resolve("CONTRACT.md"), ROOT.resolve("docs/CONTRACT.md"));
        copies.put(SHARED.resolve("scenarios/" + ScenarioFiles.SHOP), SCENARIOS.resolve(ScenarioFiles.SHOP));
        copies.put(SHARED.resolve("scenarios/" + ScenarioFiles.SHOP_EXPECTED),
                SCENARIOS.resolve(ScenarioFiles.SHOP_EXPECTED));
        return copies;
    }

    @Test
    void theRepositorysCopiesAreWhatIsPublished() throws IOException {
        assumeTrue(Files.isRegularFile(SHARED.resolve("CONTRACT.md")), "no " + SHARED + ": nothing to compare");
        List<String> differ = new ArrayList<>();
        for (Map.Entry<Path, Path> copy : copies().entrySet()) {
            if (!Files.isRegularFile(copy.getValue())
                    || Files.mismatch(copy.getKey(), copy.getValue()) != -1) {
                differ.add(ROOT.relativize(copy.getValue()) + " differs from " + copy.getKey());
            }
        }
        assertThat(differ).withFailMessage(() -> String.join("; ", differ)
                + " — run scripts/sync-contract, review the diff, and commit it with the code that follows it")
                .isEmpty();
    }

    @Test
    void theCopiesAreWhatTheModuleReads() throws IOException {
        assertThat(ScenarioFiles.read(ScenarioFiles.SHOP))
                .isEqualTo(Files.readString(SCENARIOS.resolve(ScenarioFiles.SHOP)));
        assertThat(ScenarioFiles.read(ScenarioFiles.SHOP_EXPECTED))
                .isEqualTo(Files.readString(SCENARIOS.resolve(ScenarioFiles.SHOP_EXPECTED)));
        assertThat(ShopScenario.shop().events()).hasSize(12);
        assertThat(ShopExpectations.shop().checkpoints()).extracting(ShopExpectations.Checkpoint::afterSeq)
                .containsExactly(9, 12);
    }
}
