package com.shopstream.payments.edge;

import com.shopstream.payments.topology.FirstPaymentPerId;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;

/**
 * The payment ids the topology has let through ({@link FirstPaymentPerId}'s store), as this instance can read them:
 * so that a provider's retry, on any instance and after any restart, is answered {@code duplicate} instead of being
 * written again. Only the instance whose active task holds the id's partition can say; any other instance, or one
 * whose store is restoring, answers {@link Lookup#UNKNOWN}, the payment is written, and the topology drops the repeat
 * before {@code payments}.
 */
public final class StoredPaymentIds {

    /** What the store says of a payment id, with the digest when it holds one. */
    public record Lookup(boolean known, byte[] digest) {
        public static final Lookup UNKNOWN = new Lookup(false, null);
    }

    private final StreamsBuilderFactoryBean factoryBean;

    public StoredPaymentIds(StreamsBuilderFactoryBean factoryBean) {
        this.factoryBean = factoryBean;
    }

    public Lookup find(String paymentId) {
        KafkaStreams streams = factoryBean.getKafkaStreams();
        if (streams == null || streams.state() != KafkaStreams.State.RUNNING) {
            return Lookup.UNKNOWN;
        }
        try {
            StoreQueryParameters<ReadOnlyWindowStore<String, byte[]>> query = StoreQueryParameters
                    .fromNameAndType(FirstPaymentPerId.STORE, QueryableStoreTypes.<String, byte[]>windowStore());
            HostInfo self = self();
            if (self != null) {
                // several instances: only the one whose active task holds the id's partition can say
                KeyQueryMetadata owner = streams.queryMetadataForKey(FirstPaymentPerId.STORE, paymentId,
                        Serdes.String().serializer());
                if (owner == null || owner == KeyQueryMetadata.NOT_AVAILABLE || !self.equals(owner.activeHost())) {
                    return Lookup.UNKNOWN;
                }
                query = query.withPartition(owner.partition());
            }
            ReadOnlyWindowStore<String, byte[]> ids = streams.store(query);
            byte[] digest = FirstPaymentPerId.kept(ids, paymentId, Instant.EPOCH, Instant.ofEpochMilli(Long.MAX_VALUE));
            return digest == null ? Lookup.UNKNOWN : new Lookup(true, digest);
        } catch (RuntimeException e) {
            // restoring, migrating or closing (InvalidStateStoreException and kin, or a state that changed since the
            // check): the topology still drops the repeat
            return Lookup.UNKNOWN;
        }
    }

    private HostInfo self() {
        Properties config = factoryBean.getStreamsConfiguration();
        String server = config == null ? null : config.getProperty(StreamsConfig.APPLICATION_SERVER_CONFIG);
        return server == null || server.isBlank() ? null : HostInfo.buildFromEndpoint(server);
    }
}
