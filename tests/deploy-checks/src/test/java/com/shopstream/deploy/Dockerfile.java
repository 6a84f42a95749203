package com.shopstream.deploy;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** docker/Dockerfile read as instructions, and the .dockerignore of its build context (the repository root). */
final class Dockerfile {

    static final Path FILE = Repo.path("docker", "Dockerfile");

    /** One instruction: keyword (upper case), its flags (--from=..., --chmod=...) and its other words. */
    record Instruction(String keyword, Map<String, String> flags, List<String> args, String raw, int stage) {

        String flag(String name) {
            return flags.get(name);
        }
    }

    /** A COPY/ADD source read from the build context (not --from another stage). */
    record ContextSource(String source, String destination) {

        /** The source with ${SERVICE} (or $SERVICE) replaced. */
        String forService(String module) {
            return source.replace("${SERVICE}", module).replace("$SERVICE", module);
        }
    }

    private final List<Instruction> instructions;
    private final Map<String, String> globalArgs;

    private Dockerfile(List<Instruction> instructions, Map<String, String> globalArgs) {
        this.instructions = instructions;
        this.globalArgs = globalArgs;
    }

    static Dockerfile read() {
        return parse(Repo.read(FILE));
    }

    static Dockerfile parse(String text) {
        List<String> logical = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            String stripped = line.strip();
            if (current.isEmpty() && (stripped.isEmpty() || stripped.startsWith("#"))) {
                continue;
            }
            if (!current.isEmpty() && stripped.startsWith("#")) {
                continue; // a comment inside a continued instruction
            }
            if (stripped.endsWith("\\")) {
                current.append(stripped, 0, stripped.length() - 1).append(' ');
            } else {
                current.append(stripped);
                logical.add(current.toString());
                current.setLength(0);
            }
        }
        List<Instruction> instructions = new ArrayList<>();
        Map<String, String> globalArgs = new LinkedHashMap<>();
        int stage = -1;
        for (String line : logical) {
            String[] split = line.split("\\s+", 2);
            String keyword = split[0].toUpperCase();
            String rest = split.length > 1 ? split[1] : "";
            if (keyword.equals("FROM")) {
                stage++;
            }
            Map<String, String> flags = new LinkedHashMap<>();
            List<String> args = new ArrayList<>();
            if (rest.startsWith("[")) {
                args.add(rest); // exec form: kept whole
            } else {
                for (String word : rest.split("\\s+")) {
                    if (word.startsWith("--") && args.isEmpty() && word.contains("=")) {
                        flags.put(word.substring(2, word.indexOf('=')), word.substring(word.indexOf('=') + 1));
                    } else if (!word.isEmpty()) {
                        args.add(word);
                    }
                }
            }
            if (keyword.equals("ARG") && stage < 0) {
                String[] arg = rest.split("=", 2);
                globalArgs.put(arg[0].strip(), arg.length > 1 ? arg[1].strip() : null);
            }
            instructions.add(new Instruction(keyword, flags, args, rest, stage));
        }
        return new Dockerfile(List.copyOf(instructions), globalArgs);
    }

    List<Instruction> instructions() {
        return instructions;
    }

    List<Instruction> all(String keyword) {
        return instructions.stream().filter(i -> i.keyword().equals(keyword)).toList();
    }

    int stages() {
        return (int) all("FROM").size();
    }

    int finalStage() {
        return stages() - 1;
    }

    List<Instruction> inStage(int stage, String keyword) {
        return all(keyword).stream().filter(i -> i.stage() == stage).toList();
    }

    Map<String, String> globalArgs() {
        return globalArgs;
    }

    /** The image of a FROM, with global ARG defaults substituted. */
    String baseImage(Instruction from) {
        String image = from.args().get(0);
        for (Map.Entry<String, String> arg : globalArgs.entrySet()) {
            if (arg.getValue() != null) {
                image = image.replace("${" + arg.getKey() + "}", arg.getValue()).replace("$" + arg.getKey(), arg.getValue());
            }
        }
        return image;
    }

    /** ARG names declared in a stage. */
    List<String> args(int stage) {
        return inStage(stage, "ARG").stream().map(i -> i.raw().split("=", 2)[0].strip()).toList();
    }

    /** ENV of a stage as name -> value ("ENV A=1 B=\"x y\"" form). */
    Map<String, String> env(int stage) {
        Map<String, String> env = new LinkedHashMap<>();
        Pattern pair = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(\"[^\"]*\"|\\S+)");
        for (Instruction instruction : inStage(stage, "ENV")) {
            Matcher matcher = pair.matcher(instruction.raw());
            while (matcher.find()) {
                String value = matcher.group(2);
                env.put(matcher.group(1), value.startsWith("\"") ? value.substring(1, value.length() - 1) : value);
            }
        }
        return env;
    }

    /** Sources COPY/ADD read from the build context, i.e. without --from. */
    List<ContextSource> contextSources() {
        List<ContextSource> sources = new ArrayList<>();
        for (Instruction instruction : instructions) {
            if ((instruction.keyword().equals("COPY") || instruction.keyword().equals("ADD"))
                    && instruction.flag("from") == null) {
                List<String> words = instruction.args();
                if (words.size() == 1 && words.get(0).startsWith("[")) {
                    throw new AssertionError("exec-form COPY is not supported by this check: " + instruction.raw());
                }
                for (String source : words.subList(0, words.size() - 1)) {
                    sources.add(new ContextSource(source, words.get(words.size() - 1)));
                }
            }
        }
        return sources;
    }

    /** The .dockerignore of the build context: patterns in order, the last match decides ("!" re-includes). */
    record DockerIgnore(List<String> patterns) {

        static DockerIgnore read() {
            Path file = Repo.path(".dockerignore");
            if (!file.toFile().isFile()) {
                return new DockerIgnore(List.of());
            }
            return new DockerIgnore(Arrays.stream(Repo.read(file).split("\n"))
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList());
        }

        /** Whether docker would leave this context-relative path out of the build context. */
        boolean excludes(String path) {
            String clean = path.replaceFirst("^\\./", "").replaceFirst("^/", "");
            boolean excluded = false;
            for (String pattern : patterns) {
                boolean exception = pattern.startsWith("!");
                String glob = (exception ? pattern.substring(1) : pattern).replaceFirst("^/", "").replaceFirst("/$", "");
                if (matchesItselfOrParent(glob, clean)) {
                    excluded = !exception;
                }
            }
            return excluded;
        }

        private static boolean matchesItselfOrParent(String glob, String path) {
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
            for (Path candidate = Path.of(path); candidate != null; candidate = candidate.getParent()) {
                if (matcher.matches(candidate)) {
                    return true;
                }
            }
            return false;
        }
    }
}
