package com.shopstream.scenario;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds {@code ../shared} (the contract and the golden scenario) beside the repository root: from the
 * {@code shopstream.shared.dir} system property the build sets, the {@code SHOPSTREAM_SHARED_DIR} environment variable,
 * or by walking up from the working directory.
 */
public final class SharedFiles {

    private SharedFiles() {
    }

    public static Path dir() {
        for (String candidate : new String[] {System.getProperty("shopstream.shared.dir"),
                System.getenv("SHOPSTREAM_SHARED_DIR")}) {
            if (candidate != null && Files.isRegularFile(Path.of(candidate, "CONTRACT.md"))) {
                return Path.of(candidate).toAbsolutePath().normalize();
            }
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path shared = dir.resolve("shared");
            if (Files.isRegularFile(shared.resolve("CONTRACT.md"))) {
                return shared;
            }
        }
        throw new IllegalStateException("cannot find the shared folder (CONTRACT.md, scenarios/) beside the "
                + "repository root; set -Dshopstream.shared.dir or SHOPSTREAM_SHARED_DIR");
    }

    public static Path scenario(String fileName) {
        return dir().resolve("scenarios").resolve(fileName);
    }
}
