package com.shopstream.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The golden scenario and its expected results (resources next to this class; with docs/CONTRACT.md, the source of
 * truth): the simulator's jar and every test read these, so nothing outside the repository is needed.
 */
public final class ScenarioFiles {

    /** The course material's shop stream. */
    public static final String SHOP = "shop.jsonl";
    /** What every output topic holds at each checkpoint of {@link #SHOP}. */
    public static final String SHOP_EXPECTED = "shop-expected.json";

    private ScenarioFiles() {
    }

    /** The text of one of the scenario files. */
    public static String read(String name) {
        try (InputStream in = ScenarioFiles.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no scenario file " + name + " in the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
