package com.shopstream.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;

/**
 * The chart under helm/shopstream, linted and rendered by real helm (helm-java runs helm's Go code in-process through
 * JNA; no helm binary, no cluster).
 */
final class Chart {

    static final Path DIR = Repo.path("helm", "shopstream");
    static final Path VALUES = DIR.resolve("values.yaml");
    static final Path PRODUCTION = DIR.resolve("values-production.yaml");
    static final String RELEASE = "shopstream";
    static final String NAMESPACE = "shop";
    /** What the default values lack: the one required value. */
    static final String BOOTSTRAP = "my-kafka-bootstrap.kafka:9092";

    private Chart() {
    }

    /** {@code helm template shopstream helm/shopstream -n shop [-f file]... [--set k=v]...}. */
    static Manifest render(Map<String, String> sets, Path... valuesFiles) {
        TemplateCommand template = new Helm(DIR).template().withName(RELEASE).withNamespace(NAMESPACE);
        for (Path file : valuesFiles) {
            template = template.withValuesFile(file);
        }
        for (Map.Entry<String, String> set : sets.entrySet()) {
            template = template.set(set.getKey(), set.getValue());
        }
        return new Manifest(Yamls.loadAll(template.call()));
    }

    /**
     * {@code helm lint --strict} with the given values files over the chart's own. helm-java's lint takes no values
     * files, so the chart is copied to {@code workDir} with the merged values as its values.yaml: the same values
     * helm would compute.
     */
    static LintResult lint(Path workDir, Path... valuesFiles) {
        Path chart = valuesFiles.length == 0 ? DIR : copyWithValues(workDir, valuesFiles);
        return new Helm(chart).lint().strict().call();
    }

    static Map<String, Object> values(Path... overlays) {
        Map<String, Object> values = Yamls.map(Yamls.load(Repo.read(VALUES)));
        for (Path overlay : overlays) {
            values = Yamls.merge(values, Yamls.map(Yamls.load(Repo.read(overlay))));
        }
        return values;
    }

    private static Path copyWithValues(Path workDir, Path... overlays) {
        Path copy = workDir.resolve("shopstream");
        try (Stream<Path> files = Files.walk(DIR)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(DIR.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.writeString(copy.resolve("values.yaml"), Yamls.dump(values(overlays)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return copy;
    }

    /** The rendered objects, with lookups by kind and name. */
    record Manifest(List<Map<String, Object>> objects) {

        List<Map<String, Object>> ofKind(String kind) {
            return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
        }

        Map<String, Object> get(String kind, String name) {
            return objects.stream()
                    .filter(o -> kind.equals(o.get("kind")) && name.equals(Yamls.string(o, "metadata.name")))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + kind + " named " + name + " among " + names()));
        }

        List<String> names() {
            return objects.stream().map(o -> o.get("kind") + "/" + Yamls.string(o, "metadata.name")).toList();
        }

        /** The StatefulSets and Deployments. */
        List<Map<String, Object>> workloads() {
            List<Map<String, Object>> workloads = new ArrayList<>(ofKind("StatefulSet"));
            workloads.addAll(ofKind("Deployment"));
            return workloads;
        }

        /** The workload whose container is named after the service module. */
        Map<String, Object> workload(String module) {
            List<Map<String, Object>> found = workloads().stream()
                    .filter(w -> containers(w).stream().anyMatch(c -> module.equals(c.get("name"))))
                    .toList();
            if (found.size() != 1) {
                throw new AssertionError("expected one workload for " + module + ", found " + found.size() + " in " + names());
            }
            return found.get(0);
        }

        static List<Map<String, Object>> containers(Map<String, Object> workload) {
            return Yamls.maps(Yamls.at(workload, "spec.template.spec.containers"));
        }

        static Map<String, Object> container(Map<String, Object> workload) {
            List<Map<String, Object>> containers = containers(workload);
            if (containers.size() != 1) {
                throw new AssertionError("expected one container in " + Yamls.string(workload, "metadata.name"));
            }
            return containers.get(0);
        }

        /** A container's env entry by name, or null. */
        static Map<String, Object> env(Map<String, Object> container, String name) {
            return Yamls.maps(container.get("env")).stream()
                    .filter(e -> name.equals(e.get("name")))
                    .findFirst()
                    .orElse(null);
        }

        static String envValue(Map<String, Object> container, String name) {
            Map<String, Object> env = env(container, name);
            return env == null ? null : Objects.toString(env.get("value"), null);
        }

        /** Position of an env entry (dependent variables $(X) need X earlier in the list). */
        static int envIndex(Map<String, Object> container, String name) {
            List<Map<String, Object>> env = Yamls.maps(container.get("env"));
            for (int i = 0; i < env.size(); i++) {
                if (name.equals(env.get(i).get("name"))) {
                    return i;
                }
            }
            return -1;
        }
    }
}
