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

    /** {@code <module>/target/<module>.jar}, the executable jar {@code mvn package} builds. */
    public static Path jar(String module) {
        Path jar = root().resolve(module).resolve("target").resolve(module + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run mvn package first");
        }
        return jar;
    }
}
