{{/*
Consistency checks of the values: rendering stops with a message naming the value. Included once, by
templates/validate.yaml, so `helm template`, `helm install` and `helm lint` all fail the same way.
*/}}
{{- define "shopstream.validate" -}}
{{- $errors := list -}}
{{- $kafka := .Values.kafka -}}
{{- if not $kafka.bootstrapServers -}}
{{- $errors = append $errors "kafka.bootstrapServers is required: the Kafka cluster's bootstrap servers, e.g. --set kafka.bootstrapServers=my-kafka-bootstrap.kafka:9092" -}}
{{- end -}}
{{- $protocols := list "PLAINTEXT" "SSL" "SASL_PLAINTEXT" "SASL_SSL" -}}
{{- if not (has $kafka.securityProtocol $protocols) -}}
{{- $errors = append $errors (printf "kafka.securityProtocol must be one of %s, not %q" (join ", " $protocols) (toString $kafka.securityProtocol)) -}}
{{- end -}}
{{- if hasPrefix "SASL_" (toString $kafka.securityProtocol) -}}
{{- if not $kafka.sasl.mechanism -}}
{{- $errors = append $errors (printf "kafka.sasl.mechanism is required with kafka.securityProtocol=%s (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, ...)" $kafka.securityProtocol) -}}
{{- end -}}
{{- if not $kafka.sasl.existingSecret -}}
{{- $errors = append $errors (printf "kafka.sasl.existingSecret is required with kafka.securityProtocol=%s: the name of a Secret whose key %q holds the sasl.jaas.config" $kafka.securityProtocol $kafka.sasl.jaasConfigKey) -}}
{{- end -}}
{{- else if $kafka.sasl.existingSecret -}}
{{- $errors = append $errors (printf "kafka.sasl.existingSecret is set but kafka.securityProtocol is %s: use SASL_SSL or SASL_PLAINTEXT" $kafka.securityProtocol) -}}
{{- end -}}
{{- if and $kafka.tls.existingSecret (not (has $kafka.securityProtocol (list "SSL" "SASL_SSL"))) -}}
{{- $errors = append $errors (printf "kafka.tls.existingSecret is set but kafka.securityProtocol is %s: use SSL or SASL_SSL" $kafka.securityProtocol) -}}
{{- end -}}

{{- $known := splitList " " (include "shopstream.serviceKeys" .) -}}
{{- range $key, $_ := .Values.services -}}
{{- if not (has $key $known) -}}
{{- $errors = append $errors (printf "services.%s is not a Shopstream service (known: %s)" $key (join ", " $known)) -}}
{{- end -}}
{{- end -}}
{{- range $key := $known -}}
{{- $svc := index $.Values.services $key -}}
{{- if and $svc $svc.enabled -}}
{{- if not (has $svc.kind (list "StatefulSet" "Deployment")) -}}
{{- $errors = append $errors (printf "services.%s.kind must be StatefulSet or Deployment, not %q" $key (toString $svc.kind)) -}}
{{- end -}}
{{- if lt (int $svc.replicaCount) 1 -}}
{{- $errors = append $errors (printf "services.%s.replicaCount must be at least 1 (got %v); set services.%s.enabled=false to leave the service out" $key $svc.replicaCount $key) -}}
{{- end -}}
{{- if and $svc.staticMembership (eq (toString $svc.kind) "Deployment") -}}
{{- $errors = append $errors (printf "services.%s.staticMembership needs kind StatefulSet: a Deployment's pod names change on every restart, so group.instance.id would too; set services.%s.staticMembership=false or kind=StatefulSet" $key $key) -}}
{{- end -}}
{{- if eq (int $svc.ports.http) (int $svc.ports.management) -}}
{{- $errors = append $errors (printf "services.%s.ports.http and .management must differ (both %v)" $key $svc.ports.http) -}}
{{- end -}}
{{- if and (eq (toString $svc.kind) "StatefulSet") (not $svc.persistence.size) -}}
{{- $errors = append $errors (printf "services.%s.persistence.size is required for a StatefulSet" $key) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- if hasKey .Values.topics "names" -}}
{{- $errors = append $errors "topics.names is gone: the chart creates the topics of its files/contract-topics.txt (the contract's one list); remove it, and use topics.partitionsByTopic and topics.config for what differs" -}}
{{- end -}}
{{- if .Values.topics.enabled -}}
{{- $topics := .Values.topics -}}
{{- $byTopic := default dict $topics.partitionsByTopic -}}
{{- $listed := include "shopstream.contractTopics" . | fromJsonArray -}}
{{- $names := list -}}
{{- $coPartitioned := dict -}}
{{- range $topic := $listed -}}
{{- $names = append $names $topic.name -}}
{{- if $topic.coPartitioned -}}
{{- $_ := set $coPartitioned $topic.name (int (default $topics.partitions (index $byTopic $topic.name))) -}}
{{- end -}}
{{- end -}}
{{- if gt (len (uniq (values $coPartitioned))) 1 -}}
{{- $counts := list -}}
{{- range $name := keys $coPartitioned | sortAlpha -}}
{{- $counts = append $counts (printf "%s %d" $name (index $coPartitioned $name)) -}}
{{- end -}}
{{- $errors = append $errors (printf "topics: the co-partitioned topics would get different partition counts (%s; topics.partitions, topics.partitionsByTopic): they must be equal, payments-service keeps each payment in its payments-raw partition number" (join ", " $counts)) -}}
{{- end -}}
{{- if lt (int $topics.partitions) 1 -}}
{{- $errors = append $errors (printf "topics.partitions must be at least 1 (got %v)" $topics.partitions) -}}
{{- end -}}
{{- range $name, $count := $byTopic -}}
{{- if not (has $name $names) -}}
{{- $errors = append $errors (printf "topics.partitionsByTopic.%s: %s is not in the chart's files/contract-topics.txt" $name $name) -}}
{{- end -}}
{{- if lt (int $count) 1 -}}
{{- $errors = append $errors (printf "topics.partitionsByTopic.%s must be at least 1 (got %v)" $name $count) -}}
{{- end -}}
{{- end -}}
{{- if lt (int $topics.replicationFactor) 1 -}}
{{- $errors = append $errors (printf "topics.replicationFactor must be at least 1 (got %v)" $topics.replicationFactor) -}}
{{- end -}}
{{- end -}}

{{- if $errors -}}
{{- fail (printf "\n\nshopstream: invalid values:\n  - %s\n" (join "\n  - " $errors)) -}}
{{- end -}}
{{- end -}}
