package com.shopstream.simulator;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version Maven wrote into the jar's manifest. */
final class SimulatorVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = SimulatorVersion.class.getPackage().getImplementationVersion();
        return new String[] {"shop-simulator " + (version == null ? "(not run from its jar)" : version)};
    }
}
