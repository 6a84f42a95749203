package com.shopstream.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The repository as the deployment files see it: the root, the service modules (from the root pom) and their
 * {@code server.port}, read from the files, not from the modules' classes (the one class of the project this module
 * uses is local-kafka's ContractTopics, what the deployment files' topic creation is compared with).
 */
final class Repo {

    /** Where every service keeps Kafka Streams' state in its container (images, compose and chart agree). */
    static final String STATE_DIR = "/var/lib/shopstream/state";
    /** Shopstream's convention for containers: the actuator listens on server.port + 1000. */
    static final int MANAGEMENT_PORT_OFFSET = 1000;

    private static final Path ROOT = findRoot();

    private Repo() {
    }

    static Path root() {
        return ROOT;
    }

    static Path path(String first, String... more) {
        return ROOT.resolve(Path.of(first, more));
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The modules that are services: the root pom's {@code <module>}s named {@code *-service}, in pom order. */
    static List<String> serviceModules() {
        List<String> services = new ArrayList<>();
        for (Element module : Xml.children(Xml.child(rootPom().getDocumentElement(), "modules"), "module")) {
            String name = module.getTextContent().strip();
            if (name.endsWith("-service")) {
                services.add(name);
            }
        }
        return services;
    }

    static Document rootPom() {
        return Xml.parse(path("pom.xml"));
    }

    static Document pom(String module) {
        return Xml.parse(path(module, "pom.xml"));
    }

    /**
     * The name of a service's configuration file on its classpath: {@code <module>.yml} (the services set
     * spring.config.name to their module name, so that they can share one classpath), else {@code application.yml}.
     */
    static String configFile(String module) {
        for (String name : List.of(module + ".yml", "application.yml")) {
            if (Files.isRegularFile(path(module, "src", "main", "resources", name))) {
                return name;
            }
        }
        throw new AssertionError(module + " has neither src/main/resources/" + module + ".yml nor application.yml");
    }

    /** {@code server.port} of a service, from its configuration file (src/main/resources/<module>.yml). */
    static int serverPort(String module) {
        String file = configFile(module);
        return serverPort(module + "/src/main/resources/" + file, read(path(module, "src", "main", "resources", file)));
    }

    static int serverPort(String source, String yaml) {
        Object port = Yamls.at(Yamls.map(Yamls.load(yaml)), "server.port");
        if (!(port instanceof Integer p)) {
            throw new AssertionError(source + " has no numeric server.port: " + port);
        }
        return p;
    }

    static int managementPort(String module) {
        return serverPort(module) + MANAGEMENT_PORT_OFFSET;
    }

    private static Path findRoot() {
        String configured = System.getProperty("shopstream.repo.dir");
        if (configured != null && isRoot(Path.of(configured))) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (isRoot(dir)) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root (a directory with pom.xml, docker-compose.yml"
                + " and helm/) from " + configured + " or " + Path.of("").toAbsolutePath());
    }

    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("pom.xml")) && Files.isRegularFile(dir.resolve("docker-compose.yml"))
                && Files.isDirectory(dir.resolve("helm"));
    }

    /** Just enough DOM for poms. */
    static final class Xml {

        private Xml() {
        }

        static Document parse(Path file) {
            try {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
                factory.setNamespaceAware(false);
                return factory.newDocumentBuilder().parse(file.toFile());
            } catch (Exception e) {
                throw new IllegalStateException("cannot parse " + file, e);
            }
        }

        /** The direct child elements of {@code parent} named {@code name}. */
        static List<Element> children(Element parent, String name) {
            List<Element> children = new ArrayList<>();
            if (parent == null) {
                return children;
            }
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                Node node = nodes.item(i);
                if (node instanceof Element element && element.getTagName().equals(name)) {
                    children.add(element);
                }
            }
            return children;
        }

        /** The first direct child named {@code name}, or null. */
        static Element child(Element parent, String name) {
            List<Element> children = children(parent, name);
            return children.isEmpty() ? null : children.get(0);
        }

        /** Follows a path of direct children, e.g. "build/pluginManagement/plugins"; null where one is missing. */
        static Element path(Element from, String path) {
            Element current = from;
            for (String name : path.split("/")) {
                current = child(current, name);
                if (current == null) {
                    return null;
                }
            }
            return current;
        }

        static String text(Element parent, String path) {
            Element element = path(parent, path);
            return element == null ? null : element.getTextContent().strip();
        }

        /** The {@code <plugin>} with this artifactId under {@code plugins}, or null. */
        static Element plugin(Element plugins, String artifactId) {
            for (Element plugin : children(plugins, "plugin")) {
                if (artifactId.equals(text(plugin, "artifactId"))) {
                    return plugin;
                }
            }
            return null;
        }
    }
}
