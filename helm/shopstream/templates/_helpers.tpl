{{/*
Names, labels and the pieces every workload shares.
*/}}

{{/* The services, in a fixed order: the key under .Values.services and the Maven module it deploys. */}}
{{- define "shopstream.serviceKeys" -}}
orders session join dedup payments
{{- end -}}

{{- define "shopstream.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "shopstream.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "shopstream.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Module name of a service key: orders -> orders-service. */}}
{{- define "shopstream.module" -}}
{{- printf "%s-service" . -}}
{{- end -}}

{{/* Resource name of a service: dict "root" $ "key" "orders" -> <fullname>-orders-service (at most 52 characters: StatefulSet pods add a revision hash label). */}}
{{- define "shopstream.componentName" -}}
{{- printf "%s-%s" (include "shopstream.fullname" .root) (include "shopstream.module" .key) | trunc 52 | trimSuffix "-" -}}
{{- end -}}

{{- define "shopstream.labels" -}}
helm.sh/chart: {{ include "shopstream.chart" . }}
app.kubernetes.io/name: {{ include "shopstream.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: shopstream
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Labels of one service's objects: dict "root" $ "key" "orders". */}}
{{- define "shopstream.componentLabels" -}}
{{ include "shopstream.labels" .root }}
app.kubernetes.io/component: {{ include "shopstream.module" .key }}
{{- end -}}

{{- define "shopstream.selectorLabels" -}}
app.kubernetes.io/name: {{ include "shopstream.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ include "shopstream.module" .key }}
{{- end -}}

{{- define "shopstream.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "shopstream.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Image of a service: dict "root" $ "key" "orders". */}}
{{- define "shopstream.image" -}}
{{- $svc := index .root.Values.services .key -}}
{{- $repository := default (printf "%s/%s" (trimSuffix "/" .root.Values.image.registry) (include "shopstream.module" .key)) $svc.image.repository -}}
{{- $tag := default (default .root.Chart.AppVersion .root.Values.image.tag) $svc.image.tag -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/* Environment variable name of a Spring property map entry: (list "SPRING_KAFKA_STREAMS_PROPERTIES" "num.standby.replicas") -> SPRING_KAFKA_STREAMS_PROPERTIES_NUM_STANDBY_REPLICAS. */}}
{{- define "shopstream.envName" -}}
{{- printf "%s_%s" (index . 0) (index . 1 | upper | replace "." "_" | replace "-" "_") -}}
{{- end -}}

{{/* The Kafka client settings every service gets: bootstrap servers, security protocol, SASL and TLS from Secrets, client properties. */}}
{{- define "shopstream.kafkaEnv" -}}
{{- $kafka := .Values.kafka -}}
- name: SPRING_KAFKA_BOOTSTRAP_SERVERS
  value: {{ $kafka.bootstrapServers | quote }}
- name: SPRING_KAFKA_SECURITY_PROTOCOL
  value: {{ $kafka.securityProtocol | quote }}
{{- if hasPrefix "SASL_" $kafka.securityProtocol }}
- name: SPRING_KAFKA_PROPERTIES_SASL_MECHANISM
  value: {{ $kafka.sasl.mechanism | quote }}
- name: SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG
  valueFrom:
    secretKeyRef:
      name: {{ $kafka.sasl.existingSecret }}
      key: {{ $kafka.sasl.jaasConfigKey }}
{{- end }}
{{- if $kafka.tls.existingSecret }}
- name: SPRING_KAFKA_SSL_TRUST_STORE_LOCATION
  value: {{ printf "file:/etc/shopstream/kafka-tls/%s" $kafka.tls.truststoreKey | quote }}
- name: SPRING_KAFKA_SSL_TRUST_STORE_TYPE
  value: {{ $kafka.tls.truststoreType | quote }}
{{- if $kafka.tls.truststorePasswordKey }}
- name: SPRING_KAFKA_SSL_TRUST_STORE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $kafka.tls.existingSecret }}
      key: {{ $kafka.tls.truststorePasswordKey }}
{{- end }}
{{- if $kafka.tls.keystoreKey }}
- name: SPRING_KAFKA_SSL_KEY_STORE_LOCATION
  value: {{ printf "file:/etc/shopstream/kafka-tls/%s" $kafka.tls.keystoreKey | quote }}
- name: SPRING_KAFKA_SSL_KEY_STORE_TYPE
  value: {{ $kafka.tls.keystoreType | quote }}
{{- if $kafka.tls.keystorePasswordKey }}
- name: SPRING_KAFKA_SSL_KEY_STORE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $kafka.tls.existingSecret }}
      key: {{ $kafka.tls.keystorePasswordKey }}
{{- end }}
{{- if $kafka.tls.keyPasswordKey }}
- name: SPRING_KAFKA_SSL_KEY_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $kafka.tls.existingSecret }}
      key: {{ $kafka.tls.keyPasswordKey }}
{{- end }}
{{- end }}
{{- end }}
{{- range $name, $value := $kafka.clientProperties }}
- name: {{ include "shopstream.envName" (list "SPRING_KAFKA_PROPERTIES" $name) }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* A scalar value as a string, whole numbers without an exponent (YAML numbers reach templates as float64: 1000000 would print as 1e+06). */}}
{{- define "shopstream.scalar" -}}
{{- if and (kindIs "float64" .) (eq . (float64 (int64 .))) -}}
{{- int64 . -}}
{{- else -}}
{{- toString . -}}
{{- end -}}
{{- end -}}

{{/*
The topics of files/contract-topics.txt (the contract's one topic list) as a JSON array of {name, coPartitioned}:
the validation needs their names and which of them must have one partition count.
*/}}
{{- define "shopstream.contractTopics" -}}
{{- $topics := list -}}
{{- range $line := splitList "\n" (.Files.Get "files/contract-topics.txt" | replace "\r" "") -}}
{{- $words := splitList " " (regexReplaceAll "\\s+" (trim (regexReplaceAll "#.*" $line "")) " ") -}}
{{- if first $words -}}
{{- if lt (len $words) 2 -}}
{{- fail (printf "files/contract-topics.txt: %q has no partitions (default, co-partitioned or a number)" (trim $line)) -}}
{{- end -}}
{{- $topics = append $topics (dict "name" (first $words) "coPartitioned" (eq (index $words 1) "co-partitioned")) -}}
{{- end -}}
{{- end -}}
{{- toJson $topics -}}
{{- end -}}
