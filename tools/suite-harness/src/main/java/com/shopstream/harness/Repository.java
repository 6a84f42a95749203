package com.shopstream.harness;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the repository and its executable jars are: {@code shopstream.root}, or found from the working directory. */
public final class Repository {

    private Repository() {
    }

    public static Path root() {
        String configured = System.getProperty("shopstream.root");
        if (configured != null) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("shopstream")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root (set -Dshopstream.root)");
    }

    /**
     * {@code <module>/target/<module>.jar}, the executable jar {@code mvn package} builds: a tool's under
     * {@code tools/} (where its pom is), a product module's at the top level. Decided by the pom, not by which jar
     * exists: a clone from before the tools moved may still hold a stale jar at the top level.
     */
    public static Path jar(String module) {
        Path tool = root().resolve("tools").resolve(module);
        Path dir = Files.isRegularFile(tool.resolve("pom.xml")) ? tool : root().resolve(module);
        Path jar = dir.resolve("target").resolve(module + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run mvn package first");
        }
        return jar;
    }
}
