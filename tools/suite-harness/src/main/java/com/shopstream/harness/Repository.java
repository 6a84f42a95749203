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
     * {@code <module>/target/<module>.jar}, the executable jar {@code mvn package} builds: a product module at the
     * top level, a tool under {@code tools/}.
     */
    public static Path jar(String module) {
        Path product = root().resolve(module).resolve("target").resolve(module + ".jar");
        Path tool = root().resolve("tools").resolve(module).resolve("target").resolve(module + ".jar");
        if (Files.isRegularFile(product)) {
            return product;
        }
        if (Files.isRegularFile(tool)) {
            return tool;
        }
        throw new IllegalStateException(product + " is missing: run mvn package first");
    }
}
