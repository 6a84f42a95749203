package com.shopstream.localkafka;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Makes a requested stop (SIGTERM, Ctrl-C) end the JVM with exit code 0: by default it exits with 128 + signal
 * (143 for SIGTERM), which scripts and supervisors read as a crash. The shutdown hooks still run and do the
 * stopping; a real failure that calls {@code System.exit(1)} keeps its code.
 *
 * <p>{@code sun.misc.Signal} is reached by reflection, as Kafka's own {@code LoggingSignalHandler} does, so
 * that the build does not warn about internal API; where it is missing the JVM's default stays.
 */
final class StopSignals {

    private StopSignals() {
    }

    static void exitZeroOnStop() {
        try {
            Class<?> signalClass = Class.forName("sun.misc.Signal");
            Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
            Constructor<?> signalOf = signalClass.getConstructor(String.class);
            Method handle = signalClass.getMethod("handle", signalClass, handlerClass);
            Object exitZero = Proxy.newProxyInstance(StopSignals.class.getClassLoader(), new Class<?>[] {handlerClass},
                    (proxy, method, args) -> switch (method.getName()) {
                        case "handle" -> {
                            System.exit(0);
                            yield null;
                        }
                        case "equals" -> proxy == args[0];
                        case "hashCode" -> System.identityHashCode(proxy);
                        default -> "exit 0 on stop signals";
                    });
            for (String name : new String[] {"TERM", "INT"}) {
                try {
                    handle.invoke(null, signalOf.newInstance(name), exitZero);
                } catch (ReflectiveOperationException e) {
                    // the signal is ignored or reserved here (e.g. INT in a background job): keep the default
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not a HotSpot-like JVM: keep the default exit code
        }
    }
}
