#!/bin/bash
# Creates Shopstream's contract topics on a Kafka cluster with the Kafka distribution's kafka-topics.sh; idempotent.
# docker-compose.yml (service topic-init) and the helm chart's optional topic Job both run this file, with the list
# beside it (contract-topics.txt, whose header says the format; local-kafka creates the same topics from it).
#
# Environment:
#   BOOTSTRAP_SERVERS   required, e.g. kafka:19092
#   TOPICS_FILE         the topic list, one topic a line: "name partitions [key=value ...]" (topic configs); '#'
#                       comments; partitions is a number, "default" or "co-partitioned" (both: PARTITIONS)
#   TOPICS              the list itself instead of a file
#   PARTITIONS          partition count of the lines that say default or co-partitioned
#   PARTITIONS_BY_TOPIC "name=count ..." overriding the list for single topics
#   TOPIC_CONFIGS       "key=value ..." added to every topic's configs
#   REPLICATION_FACTOR  default 1
#   CO_PARTITIONED      topics that must have the same partition count, default: the list's co-partitioned ones
#                       ("orders payments" when it marks none)
#   KAFKA_BIN           default /opt/kafka/bin (the apache/kafka image)
#   WAIT_SECONDS        how long to wait for the cluster to answer, default 180
#   SECURITY_PROTOCOL   default PLAINTEXT; SASL_MECHANISM, SASL_JAAS_CONFIG; SSL_TRUSTSTORE_LOCATION, SSL_TRUSTSTORE_TYPE,
#                       SSL_TRUSTSTORE_PASSWORD, SSL_KEYSTORE_LOCATION, SSL_KEYSTORE_TYPE, SSL_KEYSTORE_PASSWORD,
#                       SSL_KEY_PASSWORD: written to a client properties file (--command-config)
#
# Missing topics are created with --if-not-exists; existing ones are kept as they are (a different partition count is
# only reported: changing it would move keys between partitions under running applications). The run fails when the
# co-partitioned topics end up with different partition counts: payments-service keeps each payment in the payments
# partition numbered like its payments-raw partition, so they must match.
set -euo pipefail

: "${BOOTSTRAP_SERVERS:?BOOTSTRAP_SERVERS is required}"
if [ -n "${TOPICS_FILE:-}" ]; then
  TOPICS="$(cat -- "$TOPICS_FILE")"
fi
: "${TOPICS:?TOPICS_FILE or TOPICS is required: one topic a line, \"name partitions [key=value ...]\"}"
TOPICS="${TOPICS//$'\r'/}"   # a list saved with Windows line ends reads the same
bin="${KAFKA_BIN:-/opt/kafka/bin}"
replication="${REPLICATION_FACTOR:-1}"
wait_seconds="${WAIT_SECONDS:-180}"
declare -A by_topic=()
for pair in ${PARTITIONS_BY_TOPIC:-}; do
  by_topic[${pair%%=*}]="${pair#*=}"
done

client="$(mktemp "${TMPDIR:-/tmp}/shopstream-topics.XXXXXX")"
trap 'rm -f "$client"' EXIT
chmod 600 "$client"
{
  echo "security.protocol=${SECURITY_PROTOCOL:-PLAINTEXT}"
  if [ -n "${SASL_MECHANISM:-}" ]; then echo "sasl.mechanism=${SASL_MECHANISM}"; fi
  if [ -n "${SASL_JAAS_CONFIG:-}" ]; then echo "sasl.jaas.config=${SASL_JAAS_CONFIG}"; fi
  if [ -n "${SSL_TRUSTSTORE_LOCATION:-}" ]; then
    echo "ssl.truststore.location=${SSL_TRUSTSTORE_LOCATION}"
    echo "ssl.truststore.type=${SSL_TRUSTSTORE_TYPE:-PKCS12}"
    if [ -n "${SSL_TRUSTSTORE_PASSWORD:-}" ]; then echo "ssl.truststore.password=${SSL_TRUSTSTORE_PASSWORD}"; fi
  fi
  if [ -n "${SSL_KEYSTORE_LOCATION:-}" ]; then
    echo "ssl.keystore.location=${SSL_KEYSTORE_LOCATION}"
    echo "ssl.keystore.type=${SSL_KEYSTORE_TYPE:-PKCS12}"
    if [ -n "${SSL_KEYSTORE_PASSWORD:-}" ]; then echo "ssl.keystore.password=${SSL_KEYSTORE_PASSWORD}"; fi
    if [ -n "${SSL_KEY_PASSWORD:-}" ]; then echo "ssl.key.password=${SSL_KEY_PASSWORD}"; fi
  fi
} > "$client"

topics() {
  "$bin/kafka-topics.sh" --bootstrap-server "$BOOTSTRAP_SERVERS" --command-config "$client" "$@"
}

# "topic partition-count" lines for the given topics that exist (one kafka-topics.sh run).
describe() {
  local pattern
  pattern="^($(IFS='|'; echo "$*"))\$"
  topics --describe --topic "$pattern" | awk -F'\t' '/PartitionCount:/ {
    t = ""; c = ""
    for (i = 1; i <= NF; i++) { if ($i ~ /^Topic: /) t = substr($i, 8); if ($i ~ /^PartitionCount: /) c = substr($i, 17) }
    gsub(/ /, "", t); gsub(/ /, "", c); if (t != "") print t, c }'
}

# The wanted topics, in the order given.
names=()
listed_co_partitioned=()
declare -A partitions=() configs=()
while IFS= read -r line; do
  # '#' starts a comment anywhere on a line, as local-kafka and the chart read the list
  read -r name count rest <<< "${line%%#*}" || true
  if [ -z "$name" ]; then continue; fi
  if [ -z "$count" ]; then
    echo "topic $name: no partitions (default, co-partitioned or a number)" >&2
    exit 2
  fi
  if [ -n "${partitions[$name]+x}" ]; then
    echo "topic $name is listed twice" >&2
    exit 2
  fi
  case "$count" in
    default | co-partitioned)
      if [ "$count" = co-partitioned ]; then listed_co_partitioned+=("$name"); fi
      count="${PARTITIONS:-}"
      if [ -z "$count" ]; then
        echo "topic $name takes the default partition count, but PARTITIONS is not set" >&2
        exit 2
      fi ;;
  esac
  count="${by_topic[$name]:-$count}"
  if ! [[ "$count" =~ ^[1-9][0-9]*$ ]]; then
    echo "topic $name: partition count '${count}' is not a positive number" >&2
    exit 2
  fi
  names+=("$name")
  partitions[$name]="$count"
  read -r -a words <<< "$rest ${TOPIC_CONFIGS:-}"
  configs[$name]="${words[*]}"
done <<< "$TOPICS"
for name in "${!by_topic[@]}"; do
  if [ -z "${partitions[$name]+x}" ]; then
    echo "PARTITIONS_BY_TOPIC names $name, which is not in the topic list" >&2
    exit 2
  fi
done
if [ -n "${CO_PARTITIONED+x}" ]; then
  read -r -a co_partitioned <<< "$CO_PARTITIONED"
elif ((${#listed_co_partitioned[@]} > 0)); then
  co_partitioned=("${listed_co_partitioned[@]}")
else
  # a list with numbers only marks nothing: the join's inputs still must match
  co_partitioned=(orders payments)
fi

# Refuse a list that would break co-partitioning before anything is created.
first=""
for topic in "${co_partitioned[@]}"; do
  count="${partitions[$topic]:-}"
  if [ -z "$count" ]; then continue; fi
  if [ -z "$first" ]; then first="$topic"; continue; fi
  if [ "$count" != "${partitions[$first]}" ]; then
    echo "$first and $topic must have the same partition count (payments-service keeps each payment in its payments-raw partition number), but the list asks for ${partitions[$first]} and $count" >&2
    exit 2
  fi
done

echo "waiting for Kafka at $BOOTSTRAP_SERVERS"
deadline=$((SECONDS + wait_seconds))
until existing="$(topics --list 2>/dev/null)"; do
  if ((SECONDS >= deadline)); then
    echo "Kafka at $BOOTSTRAP_SERVERS did not answer within ${wait_seconds} s" >&2
    exit 1
  fi
  sleep 3
done

# A missing co-partitioned topic is created like its existing partner (as local-kafka does), not as TOPICS says.
present=()
for topic in "${co_partitioned[@]}"; do
  if [ -n "${partitions[$topic]:-}" ] && grep -qxF -- "$topic" <<< "$existing"; then present+=("$topic"); fi
done
if ((${#present[@]} > 0)) && ((${#present[@]} < ${#co_partitioned[@]})); then
  while read -r topic count; do
    for partner in "${co_partitioned[@]}"; do
      if [ -n "${partitions[$partner]:-}" ] && ! grep -qxF -- "$partner" <<< "$existing" && [ "${partitions[$partner]}" != "$count" ]; then
        echo "warning: $partner is created with $count partitions, not ${partitions[$partner]}, to match the existing $topic" >&2
        partitions[$partner]="$count"
      fi
    done
  done < <(describe "${present[0]}")
fi

created=0
for name in "${names[@]}"; do
  if grep -qxF -- "$name" <<< "$existing"; then
    continue
  fi
  args=(--create --if-not-exists --topic "$name" --partitions "${partitions[$name]}" --replication-factor "$replication")
  for config in ${configs[$name]}; do
    args+=(--config "$config")
  done
  topics "${args[@]}" > /dev/null
  echo "created $name (${partitions[$name]} partitions${configs[$name]:+, ${configs[$name]// /, }})"
  created=$((created + 1))
done

# Check what the cluster now has: every topic, its partition count, and the co-partitioned pair.
declare -A actual=()
while read -r topic count; do
  actual[$topic]="$count"
done < <(describe "${names[@]}")

status=0
for name in "${names[@]}"; do
  if [ -z "${actual[$name]:-}" ]; then
    echo "topic $name does not exist after creation" >&2
    status=1
  elif [ "${actual[$name]}" != "${partitions[$name]}" ]; then
    echo "warning: topic $name exists with ${actual[$name]} partitions, not ${partitions[$name]}; kept as it is" >&2
  fi
done
first=""
for topic in "${co_partitioned[@]}"; do
  count="${actual[$topic]:-}"
  if [ -z "$count" ]; then continue; fi
  if [ -z "$first" ]; then first="$topic"; continue; fi
  if [ "$count" != "${actual[$first]}" ]; then
    echo "$first has ${actual[$first]} partitions and $topic has $count: they must be equal (payments-service keeps each payment in its payments-raw partition number); delete and recreate one of them" >&2
    status=1
  fi
done
if ((status == 0)); then
  echo "topics ready: ${#names[@]} (${created} created, $((${#names[@]} - created)) existed)"
fi
exit "$status"
