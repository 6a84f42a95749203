package com.shopstream.benchmarks;

import java.io.PrintStream;
import com.shopstream.payments.edge.WebhookSignatures;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Accepted payments per second over HTTP against a running payments-service: {@code connections} clients each
 * posting payments (one per request, or NDJSON batches) back to back for {@code seconds}. Every accepted payment
 * was acknowledged by the broker before its 202.
 */
final class PaymentsHttpLoad {

    private PaymentsHttpLoad() {
    }

    static void run(String url, String secret, int seconds, int connections, int batch, PrintStream out)
            throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        AtomicLong ids = new AtomicLong();
        LongAdder accepted = new LongAdder();
        ConcurrentHashMap<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
        List<long[]> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
        String path = batch == 1 ? "/payments" : "/payments/batch";
        String run = Long.toString(System.currentTimeMillis(), 36);
        long deadline = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            long[] samples = new long[2_000_000];
            latencies.add(samples);
            int client = c;
            Thread thread = new Thread(() -> {
                int n = 0;
                while (System.nanoTime() < deadline) {
                    StringBuilder body = new StringBuilder();
                    for (int i = 0; i < batch; i++) {
                        long id = ids.incrementAndGet();
                        body.append("{\"payment_id\":\"load-").append(run).append('-').append(id)
                                .append("\",\"order_id\":").append(id).append(",\"amount\":12.50,\"paid_ts\":\"")
                                .append(Instant.now().minusSeconds(1)).append("\"}\n");
                    }
                    long start = System.nanoTime();
                    try {
                        // signed as a provider signs: part of what each request costs the edge
                        byte[] bytes = body.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        String message = "msg_" + run + "_" + client + "_" + n;
                        long now = System.currentTimeMillis() / 1000;
                        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url + path))
                                        .header(WebhookSignatures.ID_HEADER, message)
                                        .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(now))
                                        .header(WebhookSignatures.SIGNATURE_HEADER,
                                                WebhookSignatures.sign(secret, message, now, bytes))
                                        .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(),
                                HttpResponse.BodyHandlers.ofString());
                        statuses.computeIfAbsent(response.statusCode(), s -> new LongAdder()).increment();
                        if (response.statusCode() == 202) {
                            accepted.add(batch);
                        }
                    } catch (Exception e) {
                        statuses.computeIfAbsent(-1, s -> new LongAdder()).increment();
                    }
                    if (n < samples.length) {
                        samples[n++] = System.nanoTime() - start;
                    }
                }
                latencies.set(client, Arrays.copyOf(samples, n));
            }, "http-load-" + c);
            thread.start();
            clients.add(thread);
        }
        for (Thread client : clients) {
            client.join();
        }
        long[] all = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        out.printf("POST %s%s, %d connections, batch %d, %d s%n", url, path, connections, batch, seconds);
        out.printf("accepted payments: %,d (%,.0f/s); responses by status: %s%n", accepted.sum(),
                accepted.sum() / (double) seconds, statuses);
        if (all.length > 0) {
            out.printf("request latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms (%,d requests)%n",
                    all[all.length / 2] / 1e6, all[(int) (all.length * 0.99)] / 1e6, all[all.length - 1] / 1e6,
                    all.length);
        }
    }
}
