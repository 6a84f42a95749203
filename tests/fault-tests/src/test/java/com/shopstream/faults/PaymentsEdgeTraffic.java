package com.shopstream.faults;

import com.shopstream.harness.ServiceProcess;
import com.shopstream.payments.edge.WebhookSignatures;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.LongStream;

/**
 * A payment provider on payments-service's HTTP edge while the cluster fails: posts a signed payment every
 * {@link #EVERY}, and retries it with the same id, as providers do, until it is answered 202 (accepted, or a
 * duplicate of an earlier attempt the edge did write). It counts the answers by status: during an outage of the
 * brokers the edge must answer 503, and every payment it acknowledged must reach its output once.
 */
final class PaymentsEdgeTraffic implements AutoCloseable {

    static final String SECRET = WebhookSignatures.newSecret();
    /** payments-service's settings for this traffic. */
    static final List<String> SETTINGS = List.of("--shopstream.payments.webhook-secrets=" + SECRET);
    /** Their ids: no payment of the stream has one. */
    static final String ID_PREFIX = "edge-";
    private static final Duration EVERY = Duration.ofMillis(250);
    private static final Duration RETRY_AFTER = Duration.ofMillis(500);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final ServiceProcess edge;
    private final String paidTs;
    private final Map<String, Integer> answers = new TreeMap<>();
    private final List<String> unexpected = new CopyOnWriteArrayList<>();
    private final Thread sender;
    private volatile boolean stopping;
    private volatile boolean abandoned;
    private volatile long acknowledged;
    /** Why the sender stopped early, if it did: the counts are then short, and {@link #close} says so. */
    private volatile Throwable failure;

    /** @param paidTs the payments' time: inside the stream's, so that they move no clock past it */
    private PaymentsEdgeTraffic(ServiceProcess edge, String paidTs) {
        this.edge = edge;
        this.paidTs = paidTs;
        this.sender = new Thread(() -> {
            try {
                send();
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }, "payments-edge-traffic");
        this.sender.setDaemon(true);
    }

    static PaymentsEdgeTraffic start(ServiceProcess edge, String paidTs) {
        PaymentsEdgeTraffic traffic = new PaymentsEdgeTraffic(edge, paidTs);
        traffic.sender.start();
        return traffic;
    }

    /** Whether a row of payments-service's output is one of these payments. */
    static boolean isEdgePayment(String row) {
        return row.contains("\"payment_id\":\"" + ID_PREFIX);
    }

    /** The payment id in a row of payments-service's output. */
    static String paymentId(String row) {
        int start = row.indexOf("\"payment_id\":\"") + "\"payment_id\":\"".length();
        return row.substring(start, row.indexOf('"', start));
    }

    /** The ids of the first {@code count} payments, in the order they were sent. */
    static List<String> ids(long count) {
        return LongStream.rangeClosed(1, count).mapToObj(n -> ID_PREFIX + n).toList();
    }

    private void send() {
        long next = System.nanoTime();
        for (int n = 1; !stopping; n++) {
            String body = "{\"payment_id\":\"" + ID_PREFIX + n + "\",\"order_id\":" + (8_000_000 + n)
                    + ",\"amount\":1.00,\"paid_ts\":\"" + paidTs + "\"}";
            while (!deliver(body, "msg_edge_" + n)) {
                if (abandoned) {
                    return;
                }
                LockSupport.parkNanos(RETRY_AFTER.toNanos());
            }
            acknowledged++;
            next += EVERY.toNanos();
            LockSupport.parkNanos(Math.max(0, next - System.nanoTime()));
        }
    }

    /** One attempt: true once the edge answered 202. */
    private boolean deliver(String body, String messageId) {
        int status;
        try {
            status = post(body, messageId).statusCode();
        } catch (IOException e) {
            status = 0; // no answer: the outcome is unknown, and a retry with the same id is safe
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        synchronized (answers) {
            answers.merge(status == 0 ? "no answer" : Integer.toString(status), 1, Integer::sum);
        }
        if (status != 202 && status != 503 && status != 0) {
            unexpected.add(status + " for " + body);
        }
        return status == 202;
    }

    private HttpResponse<String> post(String body, String messageId) throws IOException, InterruptedException {
        long now = System.currentTimeMillis() / 1000;
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port() + "/payments"))
                .timeout(Duration.ofSeconds(30))
                .header(WebhookSignatures.ID_HEADER, messageId)
                .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(now))
                .header(WebhookSignatures.SIGNATURE_HEADER, WebhookSignatures.sign(SECRET, messageId, now, bytes))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Answers so far by status ("no answer" for none). */
    Map<String, Integer> answers() {
        synchronized (answers) {
            return new TreeMap<>(answers);
        }
    }

    /** Answers other than 202, 503 or none: each a defect of the edge. */
    List<String> unexpected() {
        return List.copyOf(unexpected);
    }

    /** Payments the edge acknowledged (each once, whatever the retries). */
    long acknowledged() {
        return acknowledged;
    }

    /** Stops at once, the payment in flight given up: after a failure, with the edge perhaps gone. */
    void abandon() {
        stopping = true;
        abandoned = true;
    }

    /** Stops sending new payments; the one in flight is delivered first. */
    @Override
    public void close() throws InterruptedException {
        stopping = true;
        sender.join(TimeUnit.MINUTES.toMillis(5));
        if (sender.isAlive()) {
            throw new IllegalStateException("a payment was not acknowledged within 5 minutes: " + answers());
        }
        if (failure != null) {
            throw new IllegalStateException("the payments stopped early, after " + acknowledged, failure);
        }
    }
}
