package com.shopstream.benchmarks;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version Maven wrote into the jar's manifest. */
final class BenchmarksVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = BenchmarksVersion.class.getPackage().getImplementationVersion();
        return new String[] {"benchmarks " + (version == null ? "(not run from its jar)" : version)};
    }
}
