package com.shopstream.orders.query;

import com.shopstream.orders.topology.WindowAggregate;
import com.shopstream.orders.topology.WindowKeys;
import com.shopstream.orders.topology.WindowQuery;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * Reads current window aggregates from the queries' stores (RocksDB by default). This instance answers for its own active tasks;
 * with several instances ({@code application.server} set to each one's {@code host:port}), it asks the instances that
 * hold the store's other active tasks (found through Kafka Streams' metadata; standbys are not asked, they may lag
 * behind) and merges the answers.
 */
public final class WindowStoreReader {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(WindowStoreReader.class);

    private final StreamsBuilderFactoryBean factoryBean;
    private final RestClient http;

    public WindowStoreReader(StreamsBuilderFactoryBean factoryBean, RestClient http) {
        this.factoryBean = factoryBean;
        this.http = http;
    }

    /**
     * Windows whose start lies in {@code [from, to]}, sorted by key; more than {@code maxRows} when there are more
     * (each instance stops reading one row past the limit, and the caller refuses the answer).
     */
    public List<WindowRow> read(WindowQuery query, Instant from, Instant to, boolean localOnly, int maxRows) {
        KafkaStreams streams = factoryBean.getKafkaStreams();
        if (streams == null || !streams.state().isRunningOrRebalancing()) {
            throw new WindowQueryException(HttpStatus.SERVICE_UNAVAILABLE, "Kafka Streams is "
                    + (streams == null ? "not created" : streams.state()) + "; try again");
        }
        HostInfo self = self();
        if (self == null) {
            // a single instance (no application.server): everything is here
            return sorted(local(streams, query, from, to, maxRows));
        }
        // only the instances holding an active task of the store answer for it; standbys may lag behind
        List<HostInfo> active = streams.streamsMetadataForStore(query.storeName()).stream()
                .filter(instance -> instance.stateStoreNames().contains(query.storeName()))
                .map(StreamsMetadata::hostInfo)
                .toList();
        List<WindowRow> rows = new ArrayList<>();
        if (active.contains(self)) {
            rows.addAll(local(streams, query, from, to, maxRows));
        }
        if (!localOnly) {
            for (HostInfo instance : active) {
                if (!instance.equals(self) && rows.size() <= maxRows) {
                    rows.addAll(remote(instance, query, from, to));
                }
            }
        }
        return sorted(rows);
    }

    private static List<WindowRow> sorted(List<WindowRow> rows) {
        rows.sort(Comparator.comparing(WindowRow::key));
        return rows;
    }

    private static List<WindowRow> local(KafkaStreams streams, WindowQuery query, Instant from, Instant to,
                                         int maxRows) {
        List<WindowRow> rows = new ArrayList<>();
        try {
            ReadOnlyKeyValueStore<Bytes, WindowAggregate> store = streams.store(
                    StoreQueryParameters.fromNameAndType(query.storeName(), QueryableStoreTypes.keyValueStore()));
            try (KeyValueIterator<Bytes, WindowAggregate> windows = store.range(
                    WindowKeys.first(from.toEpochMilli()), WindowKeys.last(to.toEpochMilli()))) {
                while (windows.hasNext() && rows.size() <= maxRows) {
                    KeyValue<Bytes, WindowAggregate> window = windows.next();
                    rows.add(row(query, WindowKeys.group(window.key), WindowKeys.start(window.key), window.value));
                }
            }
        } catch (InvalidStateStoreException e) {
            throw new WindowQueryException(HttpStatus.SERVICE_UNAVAILABLE,
                    "the store of " + query.name() + " is not queryable right now (rebalancing?); try again");
        }
        return rows;
    }

    private List<WindowRow> remote(HostInfo host, WindowQuery query, Instant from, Instant to) {
        try {
            List<WindowRow> rows = http.get()
                    .uri("http://{host}:{port}/windows/{query}?from={from}&to={to}&local=true",
                            host.host(), host.port(), query.name(), from, to)
                    .retrieve()
                    .body(new ParameterizedTypeReference<List<WindowRow>>() { });
            return rows == null ? List.of() : rows;
        } catch (HttpClientErrorException e) {
            // the peer refused the request itself (over a limit, rate-limited): the caller gets the same answer
            throw new WindowQueryException(HttpStatus.valueOf(e.getStatusCode().value()),
                    "another instance holding part of " + query.name() + " refused: " + e.getResponseBodyAsString());
        } catch (RestClientException e) {
            // the caller learns that part of the answer is missing; where it lives is for the operator's log
            log.warn("instance {}:{} holding part of {} did not answer: {}", host.host(), host.port(), query.name(),
                    e.getMessage());
            throw new WindowQueryException(HttpStatus.BAD_GATEWAY, "another instance holding part of "
                    + query.name() + " did not answer; try again");
        }
    }

    private HostInfo self() {
        Properties config = factoryBean.getStreamsConfiguration();
        String server = config == null ? null : config.getProperty(StreamsConfig.APPLICATION_SERVER_CONFIG);
        return server == null || server.isBlank() ? null : HostInfo.buildFromEndpoint(server);
    }

    static WindowRow row(WindowQuery query, String group, long startMillis, WindowAggregate aggregate) {
        Instant start = Instant.ofEpochMilli(startMillis);
        Instant end = start.plus(query.size());
        String key = com.shopstream.common.model.ResultKeys.window(query.isGrouped() ? group : null, start, end);
        return new WindowRow(key, start, end, aggregate.orders(),
                aggregate.total().setScale(2, RoundingMode.UNNECESSARY));
    }
}
