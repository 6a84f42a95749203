package com.shopstream.faults;

import tools.jackson.databind.json.JsonMapper;

/**
 * Every input record of a run found again in what the services wrote, per input topic read by a service that keeps
 * one trace of each record: an {@code orders} record is counted in a final 5-minute window, refused as late by that
 * query, dead-lettered by orders-service, or one of the closing orders (their windows stay open); a
 * {@code payments-raw} record is a row of payments-service's output or one of its dead letters. More accounted than
 * written is a record doubled; fewer, a record lost. These are net counts (a loss and a double would cancel out):
 * the row-by-row comparison with the undisturbed run, beside them, is what sees each row. (The join's input is not
 * accounted here: a payment can be in several paid rows, and the closing ones stay in its state; its outputs,
 * {@code payments-unmatched} too, are compared with the reference run's instead.)
 *
 * @param in         records written to {@code orders} and {@code payments-raw}, every write acknowledged
 * @param accounted  of those, found again as above
 */
record RecordAccounting(long in, long accounted) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * @param extraPayments payments written to {@code payments-raw} besides the stream (acknowledged by
     *                      payments-service's HTTP edge)
     */
    static RecordAccounting of(ShopStream stream, int partitions, OutputSnapshot outputs, long extraPayments) {
        long orders = stream.orders().size() + partitions;
        long windowed = outputs.rows("orders-per-5m-final").stream()
                .mapToLong(row -> JSON.readTree(row.substring(row.indexOf(" -> ") + 4)).get("orders").asLong()).sum();
        long late = outputs.lateRecords().get("orders-service-late").stream()
                .filter(r -> "orders-per-5m".equals(r.headers().get("x-late-query"))).count();
        long ordersAccounted = windowed + late + deadLetters(outputs, "orders-service-dlq", "orders") + partitions;

        long payments = stream.records.get("payments-raw").size() + partitions + extraPayments;
        long paymentsAccounted = outputs.appendRowCount("payments-out")
                + deadLetters(outputs, "payments-service-dlq", "payments-raw");
        return new RecordAccounting(orders + payments, ordersAccounted + paymentsAccounted);
    }

    private static long deadLetters(OutputSnapshot outputs, String topic, String source) {
        return outputs.deadLetters().get(topic).stream().filter(d -> source.equals(d.sourceTopic())).count();
    }

    long lost() {
        return Math.max(0, in - accounted);
    }

    long duplicated() {
        return Math.max(0, accounted - in);
    }
}
