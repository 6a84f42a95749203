package com.shopstream.payments.edge;

import com.shopstream.common.errors.CauseChain;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.json.EventWriter;
import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.model.Payment;
import com.shopstream.payments.edge.PaymentResponses.Accepted;
import com.shopstream.payments.edge.PaymentResponses.Batch;
import com.shopstream.payments.edge.PaymentResponses.Failure;
import com.shopstream.payments.edge.PaymentResponses.Rejected;
import com.shopstream.payments.edge.WebhookSignatures.Refusal;
import com.shopstream.payments.topology.PaymentDigest;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.kafka.support.SendResult;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /payments} (one JSON payment) and {@code POST /payments/batch} (NDJSON, one payment a line). A request
 * is read only when it is signed ({@link RequestAuthentication}); each payment is read with the rules every service
 * uses; a valid one is written to {@code payments-raw} in the contract's canonical form (its fields only) and
 * acknowledged ({@code 202}) only after the broker acknowledged it. A repeated payment id is answered without writing
 * it again where this instance knows it ({@link AcceptedPayments}, {@link StoredPaymentIds}); the topology lets each
 * id through to {@code payments} once in any case.
 */
@RestController
public class PaymentsController {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(PaymentsController.class);

    private final RequestAuthentication authentication;
    private final EventReader reader;
    private final PaymentPublisher publisher;
    private final AcceptedPayments accepted;
    private final StoredPaymentIds storedIds;
    private final EdgeMeters meters;
    private final int maxBodyBytes;
    private final int maxBatchLines;
    private final Duration sendTimeout;

    public PaymentsController(RequestAuthentication authentication, EventReader reader, PaymentPublisher publisher,
                              AcceptedPayments accepted, StoredPaymentIds storedIds, EdgeMeters meters,
                              int maxBodyBytes, int maxBatchLines, Duration sendTimeout) {
        this.authentication = authentication;
        this.reader = reader;
        this.publisher = publisher;
        this.accepted = accepted;
        this.storedIds = storedIds;
        this.meters = meters;
        this.maxBodyBytes = maxBodyBytes;
        this.maxBatchLines = maxBatchLines;
        this.sendTimeout = sendTimeout;
    }

    @PostMapping(path = "/payments", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<?> payment(HttpServletRequest request) throws IOException {
        byte[] body = authenticatedBody(request);
        Payment payment = reader.notTooFarAhead(reader.readPayment(body));
        meters.fieldsDropped(ContractFields.outside(body));
        return switch (admit(payment)) {
            case REPEAT -> ResponseEntity.accepted().body(new Accepted(payment.paymentId(), "duplicate", null, null));
            case CONFLICT -> ResponseEntity.status(HttpStatus.CONFLICT).body(new Rejected(null, "payment_id",
                    "payment_id " + payment.paymentId() + " was accepted before with other content"));
            case IN_FLIGHT -> ResponseEntity.status(HttpStatus.CONFLICT).body(new Rejected(null, "payment_id",
                    "payment_id " + payment.paymentId() + " is being written by another request; retry"));
            case NEW -> write(payment);
        };
    }

    @PostMapping(path = "/payments/batch", produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<Batch> batch(HttpServletRequest request) throws IOException {
        String[] lines = new String(authenticatedBody(request), StandardCharsets.UTF_8).split("\n", -1);
        long lineCount = java.util.Arrays.stream(lines).filter(line -> !line.isBlank()).count();
        if (lineCount > maxBatchLines) {
            // refused before anything is written, so the answer is all or nothing
            meters.refused(HttpStatus.CONTENT_TOO_LARGE, "batch_lines");
            return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(new Batch(0, 0, List.of(new Rejected(
                    null, null, "a batch holds at most " + maxBatchLines + " lines, not " + lineCount)), List.of()));
        }
        List<Rejected> rejected = new ArrayList<>();
        List<Rejected> failed = new ArrayList<>();
        List<Pending> pending = new ArrayList<>();
        // a payment id twice in this batch: the second copy is the first's duplicate once the first is written
        Map<String, Pending> pendingIds = new HashMap<>();
        List<Repeat> repeats = new ArrayList<>();
        int duplicates = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            byte[] json = line.getBytes(StandardCharsets.UTF_8);
            Payment payment;
            try {
                payment = reader.notTooFarAhead(reader.readPayment(json));
            } catch (InvalidEventException e) {
                rejected.add(new Rejected(i + 1, e.field(), e.getMessage()));
                continue;
            }
            meters.fieldsDropped(ContractFields.outside(json));
            Pending earlier = pendingIds.get(payment.paymentId());
            if (earlier != null) {
                if (MessageDigest.isEqual(PaymentDigest.of(earlier.payment()), PaymentDigest.of(payment))) {
                    repeats.add(new Repeat(i + 1, earlier));
                } else {
                    rejected.add(new Rejected(i + 1, "payment_id", "payment_id " + payment.paymentId()
                            + " is on line " + earlier.line() + " of this batch with other content"));
                }
                continue;
            }
            switch (admit(payment)) {
                case NEW -> {
                    Pending write = new Pending(i + 1, payment,
                            publisher.send(payment.paymentId(), EventWriter.write(payment)));
                    pending.add(write);
                    pendingIds.put(payment.paymentId(), write);
                }
                case REPEAT -> duplicates++;
                case CONFLICT -> rejected.add(new Rejected(i + 1, "payment_id",
                        "payment_id " + payment.paymentId() + " was accepted before with other content"));
                case IN_FLIGHT -> failed.add(new Rejected(i + 1, "payment_id",
                        "payment_id " + payment.paymentId() + " is being written by another request; retry"));
            }
        }
        int written = 0;
        int tooLarge = 0;
        Map<Pending, Written> outcomes = new HashMap<>();
        for (Pending line : pending) {
            try {
                line.send().get(sendTimeout.toMillis(), TimeUnit.MILLISECONDS);
                accepted.confirm(line.payment());
                outcomes.put(line, Written.YES);
                written++;
            } catch (ExecutionException | TimeoutException e) {
                accepted.release(line.payment());
                if (tooLargeForTheBroker(e)) {
                    meters.refused(HttpStatus.CONTENT_TOO_LARGE, "record_too_large");
                    rejected.add(new Rejected(line.line(), null, "larger than the broker accepts; do not retry"));
                    outcomes.put(line, Written.TOO_LARGE);
                    tooLarge++;
                } else {
                    failed.add(new Rejected(line.line(), null, "not written: " + rootMessage(e) + "; retry"));
                    outcomes.put(line, Written.NO);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                accepted.release(line.payment());
                failed.add(new Rejected(line.line(), null, "not written: interrupted; retry"));
                outcomes.put(line, Written.NO);
            }
        }
        // a repeat within the batch shares the fate of the line it repeats
        for (Repeat repeat : repeats) {
            switch (outcomes.get(repeat.of())) {
                case YES -> duplicates++;
                case TOO_LARGE -> {
                    rejected.add(new Rejected(repeat.line(), null, "larger than the broker accepts (as line "
                            + repeat.of().line() + "); do not retry"));
                    tooLarge++;
                }
                case NO -> failed.add(new Rejected(repeat.line(), "payment_id", "not written (the same payment as "
                        + "line " + repeat.of().line() + "); retry"));
            }
        }
        Batch result = new Batch(written, duplicates, rejected, failed);
        HttpStatus status;
        if (!failed.isEmpty()) {
            status = HttpStatus.SERVICE_UNAVAILABLE;
        } else if (rejected.isEmpty()) {
            status = HttpStatus.ACCEPTED;
        } else if (written + duplicates > 0) {
            status = HttpStatus.MULTI_STATUS;
        } else {
            // nothing written: too large for the broker throughout is a 413, as for one payment
            status = tooLarge == rejected.size() ? HttpStatus.CONTENT_TOO_LARGE : HttpStatus.BAD_REQUEST;
        }
        return ResponseEntity.status(status).body(result);
    }

    /**
     * Whether {@code payment} is new: to this instance ({@link AcceptedPayments}, which then reserves its id), and
     * to the topology's store of ids, where that can be read here ({@link StoredPaymentIds}).
     */
    private AcceptedPayments.Outcome admit(Payment payment) {
        AcceptedPayments.Outcome here = accepted.reserve(payment);
        if (here != AcceptedPayments.Outcome.NEW) {
            return here;
        }
        StoredPaymentIds.Lookup stored = storedIds.find(payment.paymentId());
        if (!stored.known()) {
            return here;
        }
        if (MessageDigest.isEqual(stored.digest(), PaymentDigest.of(payment))) {
            accepted.confirm(payment);
            return AcceptedPayments.Outcome.REPEAT;
        }
        accepted.release(payment);
        return AcceptedPayments.Outcome.CONFLICT;
    }

    private ResponseEntity<?> write(Payment payment) {
        try {
            SendResult<String, byte[]> result = publisher.send(payment.paymentId(), EventWriter.write(payment))
                    .get(sendTimeout.toMillis(), TimeUnit.MILLISECONDS);
            accepted.confirm(payment);
            return ResponseEntity.accepted().body(new Accepted(payment.paymentId(), "accepted",
                    result.getRecordMetadata().partition(), result.getRecordMetadata().offset()));
        } catch (ExecutionException | TimeoutException e) {
            accepted.release(payment);
            if (tooLargeForTheBroker(e)) {
                // the same payment would be refused on every retry: not the broker's unavailability
                meters.refused(HttpStatus.CONTENT_TOO_LARGE, "record_too_large");
                return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(new Failure(
                        "not written to " + publisher.topic() + ": larger than the broker accepts; do not retry"));
            }
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .body(new Failure("not written to " + publisher.topic() + ": " + rootMessage(e) + "; retry"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            accepted.release(payment);
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(new Failure("interrupted; retry"));
        }
    }

    @ExceptionHandler(InvalidEventException.class)
    ResponseEntity<Rejected> invalid(InvalidEventException e) {
        meters.refused(HttpStatus.BAD_REQUEST, "invalid");
        return ResponseEntity.badRequest().body(new Rejected(null, e.field(), e.getMessage()));
    }

    @ExceptionHandler(BodyTooLargeException.class)
    ResponseEntity<Failure> tooLarge(BodyTooLargeException e) {
        meters.refused(HttpStatus.CONTENT_TOO_LARGE, "body_too_large");
        return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(new Failure(e.getMessage()));
    }

    /**
     * Anything else: logged with its stack trace for the operator, answered as a write that did not happen (nothing
     * was acknowledged, so the provider's retry is safe).
     */
    @ExceptionHandler(RuntimeException.class)
    ResponseEntity<Failure> unexpected(RuntimeException e) {
        log.error("Unexpected failure answering a payments request; nothing was acknowledged", e);
        meters.refused(HttpStatus.SERVICE_UNAVAILABLE, "unexpected");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .body(new Failure("not written: an unexpected error (" + e.getClass().getSimpleName() + "); retry"));
    }

    @ExceptionHandler(UnauthenticatedException.class)
    ResponseEntity<Failure> unauthenticated(UnauthenticatedException e) {
        meters.refused(HttpStatus.UNAUTHORIZED, e.refusal.tag());
        return ResponseEntity.status(HttpStatus.UNAUTHORIZED).body(new Failure(e.getMessage()));
    }

    /** The body, once its size is within the limit and its signature is valid; nothing of it is parsed before. */
    private byte[] authenticatedBody(HttpServletRequest request) throws IOException {
        byte[] body = body(request);
        authentication.refusal(request, body).ifPresent(refusal -> {
            throw new UnauthenticatedException(refusal);
        });
        return body;
    }

    /** Reads at most {@code maxBodyBytes}: a larger body is refused before it is held in memory. */
    private byte[] body(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > maxBodyBytes) {
            throw new BodyTooLargeException(maxBodyBytes);
        }
        try (InputStream in = request.getInputStream()) {
            byte[] body = in.readNBytes(maxBodyBytes + 1);
            if (body.length > maxBodyBytes) {
                throw new BodyTooLargeException(maxBodyBytes);
            }
            return body;
        }
    }

    private static boolean tooLargeForTheBroker(Throwable e) {
        return CauseChain.has(e, RecordTooLargeException.class, RecordBatchTooLargeException.class);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = CauseChain.root(e);
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }

    private record Pending(int line, Payment payment, CompletableFuture<SendResult<String, byte[]>> send) {
    }

    /** What became of a batch line's write. */
    private enum Written { YES, TOO_LARGE, NO }

    /** A line repeating an earlier line's payment in the same batch. */
    private record Repeat(int line, Pending of) {
    }

    static final class UnauthenticatedException extends RuntimeException {
        private final transient Refusal refusal;

        UnauthenticatedException(Refusal refusal) {
            super(refusal.reason());
            this.refusal = refusal;
        }
    }

    static final class BodyTooLargeException extends RuntimeException {
        BodyTooLargeException(int max) {
            super("the request body is larger than " + max + " bytes");
        }
    }
}
