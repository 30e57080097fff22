{{/* Prefix of every object's name. */}}
{{- define "brandradar.fullname" -}}
{{- default .Release.Name .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{/* The name of one service's objects: <fullname>-<service>. Call with (dict "root" $ "name" $name). */}}
{{- define "brandradar.serviceFullname" -}}
{{- printf "%s-%s" (include "brandradar.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "brandradar.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: brandradar
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: brandradar
{{- end -}}

{{/* Selector labels of one service's pods. Call with (dict "root" $ "name" $name). */}}
{{- define "brandradar.selectorLabels" -}}
app.kubernetes.io/name: brandradar
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* The in-cluster NATS's objects: <fullname>-nats (client Service, StatefulSet), <fullname>-nats-headless. */}}
{{- define "brandradar.natsName" -}}
{{- printf "%s-nats" (include "brandradar.fullname" .) -}}
{{- end -}}

{{/* The in-cluster MongoDB's objects: <fullname>-mongodb (StatefulSet, headless Service). */}}
{{- define "brandradar.mongoName" -}}
{{- printf "%s-mongodb" (include "brandradar.fullname" .) -}}
{{- end -}}

{{/* The in-cluster FerretDB store's objects: <fullname>-ferretdb (StatefulSet, Service). */}}
{{- define "brandradar.ferretdbName" -}}
{{- printf "%s-ferretdb" (include "brandradar.fullname" .) -}}
{{- end -}}

{{/* Which in-cluster store the services' databases are in: "mongodb", "ferretdb" or "" (external). */}}
{{- define "brandradar.inClusterStore" -}}
{{- if .Values.mongodb.enabled }}mongodb{{ else if .Values.ferretdb.enabled }}ferretdb{{ end -}}
{{- end -}}

{{/*
Labels of an in-cluster store's objects; its pods carry them all, and the services'
NetworkPolicies reach them by app.kubernetes.io/name. Call with (dict "root" $ "name" "nats"|"mongodb"|"ferretdb" "version" <image tag>).
*/}}
{{- define "brandradar.storeLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{ include "brandradar.storeSelectorLabels" . }}
app.kubernetes.io/version: {{ .version | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: brandradar
{{- end -}}

{{- define "brandradar.storeSelectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: store
{{- end -}}

{{/*
NATS_URL: each in-cluster NATS server by its stable name (the headless Service's), or the external URL.
Not the client Service: a connection through its ClusterIP is NATed by kube-proxy, and when that
translation was lost (seen on the project's cluster while the servers became ready) the client
reconnected elsewhere while the server kept the old connection and its queue subscriptions, and
requests routed to them went unanswered for minutes. Named servers are also what the NATS client
fails over between by itself.
*/}}
{{- define "brandradar.natsUrl" -}}
{{- if .Values.nats.enabled -}}
{{- $name := include "brandradar.natsName" . -}}
{{- $servers := list -}}
{{- range $i := until (int .Values.nats.replicas) -}}
{{- $servers = append $servers (printf "nats://%s-%d.%s-headless:4222" $name $i $name) -}}
{{- end -}}
{{- join "," $servers -}}
{{- else -}}
{{- .Values.natsUrl -}}
{{- end -}}
{{- end -}}

{{/* The pinned image of an in-cluster store. Call with its values (.Values.nats, .Values.mongodb or .Values.ferretdb). */}}
{{- define "brandradar.storeImage" -}}
{{- printf "%s:%s" .image.repository .image.tag -}}
{{- end -}}

{{/* host:port of each in-cluster MongoDB member, as a JSON list. */}}
{{- define "brandradar.mongoMembers" -}}
{{- $name := include "brandradar.mongoName" . -}}
{{- $members := list -}}
{{- range $i := until (int .Values.mongodb.replicas) -}}
{{- $members = append $members (printf "%s-%d.%s-headless.%s.svc:27017" $name $i $name $.Release.Namespace) -}}
{{- end -}}
{{- toJson $members -}}
{{- end -}}

{{/* The services with a database, as a JSON list of {service, user, db, key}: the users the in-cluster MongoDB or FerretDB gets. */}}
{{- define "brandradar.mongoUsers" -}}
{{- $users := list -}}
{{- range $name, $svc := .Values.services -}}
{{- if $svc.mongo -}}
{{- $users = append $users (dict "service" $name "user" $name "db" (default (printf "brandradar-%s" $name) $svc.mongoDb) "key" (upper $name)) -}}
{{- end -}}
{{- end -}}
{{- toJson $users -}}
{{- end -}}

{{/*
Percent-encodes one part of a URL's userinfo: url.QueryEscape, whose "+" for a space is wrong
there; a "+" in the input is already "%2B", so every "+" left is a space.
*/}}
{{- define "brandradar.userinfoEscape" -}}
{{- . | urlquery | replace "+" "%20" -}}
{{- end -}}

{{/* The Secret the services read: the existing one, or the chart's. */}}
{{- define "brandradar.secretName" -}}
{{- default (printf "%s-secrets" (include "brandradar.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{/* The NATS users: one per service (the contracts' SERVICE_ACCESS) and the provisioning user. */}}
{{- define "brandradar.natsUsers" -}}
{{- toJson (append (keys .Values.services | sortAlpha) "provision") -}}
{{- end -}}

{{/*
Sets secrets.values.<key> to the value the chart's Secret already holds, or to `new`, unless the
values set it. Call with (dict "root" $ "existing" <Secret data> "key" <key> "new" <value>).
*/}}
{{- define "brandradar.keepOrGenerate" -}}
{{- if not (get .root.Values.secrets.values .key) -}}
{{- $_ := set .root.Values.secrets.values .key (default .new (get .existing .key | b64dec)) -}}
{{- end -}}
{{- end -}}

{{/*
The keys of secrets.values that are set, as a dict. With the in-cluster NATS, a NATS user's
password (NATS_PASSWORD_<USER>) left empty is the one the chart's Secret already holds, or a new
random one; with the in-cluster MongoDB, likewise its root password, key file and each service's
password, and each service's MONGO_URL_<SERVICE> is built from its user and password
(percent-encoded); with the in-cluster FerretDB, each service's password and MONGO_URL_<SERVICE>. Generated values are kept in .Values so every object of this render (the
hooks' copy too) agrees.
*/}}
{{- define "brandradar.secretData" -}}
{{- if not .Values.secrets.existingSecret -}}
{{- $existing := (lookup "v1" "Secret" .Release.Namespace (include "brandradar.secretName" .)).data | default dict -}}
{{- if .Values.nats.enabled -}}
{{- range include "brandradar.natsUsers" . | fromJsonArray -}}
{{- include "brandradar.keepOrGenerate" (dict "root" $ "existing" $existing "key" (printf "NATS_PASSWORD_%s" (upper .)) "new" (randAlphaNum 32)) -}}
{{- end -}}
{{- end -}}
{{- if .Values.mongodb.enabled -}}
{{- include "brandradar.keepOrGenerate" (dict "root" . "existing" $existing "key" "MONGO_ROOT_PASSWORD" "new" (randAlphaNum 32)) -}}
{{- include "brandradar.keepOrGenerate" (dict "root" . "existing" $existing "key" "MONGO_KEYFILE" "new" (randAlphaNum 756)) -}}
{{- end -}}
{{- if include "brandradar.inClusterStore" . -}}
{{- range include "brandradar.mongoUsers" . | fromJsonArray -}}
{{- include "brandradar.keepOrGenerate" (dict "root" $ "existing" $existing "key" (printf "MONGO_PASSWORD_%s" .key) "new" (randAlphaNum 32)) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $data := dict -}}
{{- range $key, $value := .Values.secrets.values -}}
{{- if $value }}{{ $_ := set $data $key ($value | b64enc) }}{{ end -}}
{{- end -}}
{{- $store := include "brandradar.inClusterStore" . -}}
{{- if and $store (not .Values.secrets.existingSecret) -}}
{{- /* Where the users log in, and how: MongoDB's replica set, or FerretDB's PLAIN login passed on to PostgreSQL. */ -}}
{{- $hostsAndOptions := printf "%s/?replicaSet=%s&authSource=admin" (include "brandradar.mongoMembers" . | fromJsonArray | join ",") .Values.mongodb.replicaSetName -}}
{{- if eq $store "ferretdb" -}}
{{- $hostsAndOptions = printf "%s.%s.svc:27017/?authMechanism=PLAIN&authSource=%%24external" (include "brandradar.ferretdbName" .) .Release.Namespace -}}
{{- end -}}
{{- range include "brandradar.mongoUsers" . | fromJsonArray -}}
{{- $password := get $.Values.secrets.values (printf "MONGO_PASSWORD_%s" .key) -}}
{{- $url := printf "mongodb://%s:%s@%s" (include "brandradar.userinfoEscape" .user) (include "brandradar.userinfoEscape" $password) $hostsAndOptions -}}
{{- $_ := set $data (printf "MONGO_URL_%s" .key) ($url | b64enc) -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/* One service's image. Call with (dict "root" $ "name" $name "svc" $svc). */}}
{{- define "brandradar.image" -}}
{{- $repository := default (printf "%s/%s" .root.Values.image.registry .name) .svc.image.repository -}}
{{- $tag := default (default .root.Chart.AppVersion .root.Values.image.tag) .svc.image.tag -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/*
One service's plain (non-secret) environment as a YAML map: the ConfigMap's data and, inline,
the provisioning Job's. Call with (dict "root" $ "name" $name "svc" $svc).
*/}}
{{- define "brandradar.plainEnv" -}}
{{- $root := .root -}}
{{- $env := dict
  "NATS_URL" (include "brandradar.natsUrl" $root)
  "OPS_PORT" (toString .svc.ports.ops)
  "LOG_LEVEL" $root.Values.logLevel
  "SHUTDOWN_GRACE_MS" (include "brandradar.shutdownGraceMs" .)
  "NATS_STREAM_REPLICAS" (toString $root.Values.natsStreamReplicas)
  "OTEL_SERVICE_NAME" .name
-}}
{{- with $root.Values.otel.endpoint }}{{ $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" . }}{{ end -}}
{{- with .svc.ports.public }}{{ $_ := set $env "GATEWAY_PORT" (toString .) }}{{ end -}}
{{- with .svc.ports.admin }}{{ $_ := set $env "ADMIN_PORT" (toString .) }}{{ end -}}
{{- if and .svc.mongo .svc.mongoDb }}{{ $_ := set $env "MONGO_DB" .svc.mongoDb }}{{ end -}}
{{- range $key, $value := .svc.env }}{{ $_ := set $env $key $value }}{{ end -}}
{{- toYaml $env -}}
{{- end -}}

{{/*
One service's secret environment as a list of EnvVar: its NATS user (the service's name, or
"natsUser") and password, its secretEnv keys (optional: an absent provider key means the
simulated provider) and MONGO_URL (the Secret's MONGO_URL_<SERVICE>: its own user). Call with
(dict "root" $ "name" $name "svc" $svc "secretName" <Secret to read>).
*/}}
{{- define "brandradar.secretEnv" -}}
{{- $secretName := .secretName -}}
{{- $natsUser := default .name .natsUser }}
- name: NATS_USER
  value: {{ $natsUser | quote }}
- name: NATS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ printf "NATS_PASSWORD_%s" (upper $natsUser) }}
{{- range .svc.secretEnv }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ . }}
      optional: true
{{- end }}
{{- if .svc.mongo }}
- name: MONGO_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ printf "MONGO_URL_%s" (upper .name) }}
{{- end }}
{{- end -}}

{{/* The restricted container security context every container of the chart runs with. */}}
{{- define "brandradar.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{- define "brandradar.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurityContext.runAsUser }}
runAsGroup: {{ .Values.podSecurityContext.runAsGroup }}
fsGroup: {{ .Values.podSecurityContext.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Checks the combinations a schema cannot express; fails with a message that says what to set. */}}
{{- define "brandradar.validate" -}}
{{- $v := .Values -}}
{{- if and (not $v.nats.enabled) (not $v.natsUrl) -}}
{{- fail "NATS is not configured: set nats.enabled=true for the in-cluster NATS, or natsUrl to an external NATS with JetStream (e.g. nats://nats.messaging:4222)." -}}
{{- end -}}
{{- if and $v.nats.enabled $v.natsUrl -}}
{{- fail "NATS is configured twice: set either nats.enabled=true (in-cluster) or natsUrl (external), not both." -}}
{{- end -}}
{{- if and (not $v.nats.enabled) (not $v.secrets.existingSecret) -}}
{{- range include "brandradar.natsUsers" . | fromJsonArray -}}
{{- $key := printf "NATS_PASSWORD_%s" (upper .) -}}
{{- if not (get $v.secrets.values $key) -}}
{{- fail (printf "An external NATS (natsUrl) needs the password of each NATS user it knows: set secrets.values.%s, or secrets.existingSecret naming a Secret with NATS_PASSWORD_<USER> keys." $key) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $store := include "brandradar.inClusterStore" . -}}
{{- if and $v.mongodb.enabled $v.ferretdb.enabled -}}
{{- fail "Two in-cluster stores: set either mongodb.enabled=true or ferretdb.enabled=true (dev and test clusters without MongoDB images), not both." -}}
{{- end -}}
{{- if and (not $store) (not $v.secrets.existingSecret) -}}
{{- range $name, $svc := $v.services -}}
{{- $key := printf "MONGO_URL_%s" (upper $name) -}}
{{- if and $svc.enabled $svc.mongo (not (get $v.secrets.values $key)) -}}
{{- fail (printf "MongoDB is not configured: set mongodb.enabled=true for the in-cluster MongoDB (or ferretdb.enabled=true for FerretDB), or secrets.values.%s (the service's own user; docs/operations.md), or secrets.existingSecret naming a Secret with MONGO_URL_<SERVICE> keys." $key) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if $store -}}
{{- range $key, $value := $v.secrets.values -}}
{{- if and $value (hasPrefix "MONGO_URL_" $key) -}}
{{- fail (printf "MongoDB is configured twice: set either %s.enabled=true (in-cluster; the chart builds each MONGO_URL_<SERVICE>) or secrets.values.%s (external), not both." $store $key) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if $v.secrets.existingSecret -}}
{{- range $key, $value := $v.secrets.values -}}
{{- if $value -}}
{{- fail (printf "secrets.values.%s is set together with secrets.existingSecret: put every key in the existing Secret (%s), or use secrets.values alone." $key $v.secrets.existingSecret) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and $v.nats.enabled (lt (int $v.nats.replicas) (int $v.natsStreamReplicas)) -}}
{{- fail (printf "natsStreamReplicas (%d) is larger than the in-cluster NATS cluster (nats.replicas=%d)." (int $v.natsStreamReplicas) (int $v.nats.replicas)) -}}
{{- end -}}
{{- if and $v.mongodb.enabled (eq (int $v.mongodb.replicas) 2) -}}
{{- fail "mongodb.replicas=2 cannot elect a primary with one member down: use 1 (dev) or 3." -}}
{{- end -}}
{{- if $v.localVolumes.enabled -}}
{{- range $name := list "nats" "mongodb" "ferretdb" -}}
{{- $st := get $v $name -}}
{{- if and $st.enabled (not $st.storage.storageClassName) -}}
{{- fail (printf "localVolumes.enabled=true binds the stores' claims by storage class: set %s.storage.storageClassName (e.g. local)." $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if $v.ingress.enabled -}}
{{- if not $v.services.gateway.enabled -}}
{{- fail "ingress.enabled=true needs the gateway (services.gateway.enabled=true)." -}}
{{- end -}}
{{- if not $v.ingress.hosts -}}
{{- fail "ingress.enabled=true needs at least one entry in ingress.hosts." -}}
{{- end -}}
{{- end -}}
{{- if $v.gatewayApi.enabled -}}
{{- if not $v.services.gateway.enabled -}}
{{- fail "gatewayApi.enabled=true needs the gateway (services.gateway.enabled=true)." -}}
{{- end -}}
{{- if not $v.gatewayApi.parentRefs -}}
{{- fail "gatewayApi.enabled=true needs at least one entry in gatewayApi.parentRefs: the Gateway the HTTPRoute attaches to (name, and namespace when it is in another)." -}}
{{- end -}}
{{- end -}}
{{- if not $v.services.gateway.ports.public -}}
{{- fail "services.gateway.ports.public (GATEWAY_PORT) is required." -}}
{{- end -}}
{{- range $name, $svc := $v.services -}}
{{- if and $svc.autoscaling.enabled (gt (int $svc.autoscaling.minReplicas) (int $svc.autoscaling.maxReplicas)) -}}
{{- fail (printf "services.%s.autoscaling: minReplicas (%d) is larger than maxReplicas (%d)." $name (int $svc.autoscaling.minReplicas) (int $svc.autoscaling.maxReplicas)) -}}
{{- end -}}
{{- if and (ne $name "gateway") (or $svc.ports.public $svc.ports.admin) -}}
{{- fail (printf "services.%s.ports: only the gateway has public and admin ports." $name) -}}
{{- end -}}
{{- if eq (ne (toString $svc.pdb.minAvailable) "") (ne (toString $svc.pdb.maxUnavailable) "") -}}
{{- fail (printf "services.%s.pdb: set exactly one of minAvailable and maxUnavailable (the other \"\")." $name) -}}
{{- end -}}
{{- if and (not $svc.mongo) $svc.mongoDb -}}
{{- fail (printf "services.%s.mongoDb is set but the service has no database (mongo: false)." $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* One service's SHUTDOWN_GRACE_MS: its own shutdownGraceMs, else the chart's. Call with (dict "root" $ "svc" $svc). */}}
{{- define "brandradar.shutdownGraceMs" -}}
{{- default .root.Values.shutdownGraceMs .svc.shutdownGraceMs | int | toString -}}
{{- end -}}

{{/* One service's terminationGracePeriodSeconds: the preStop pause, its drain (SHUTDOWN_GRACE_MS) and 10 s to spare. */}}
{{- define "brandradar.terminationGracePeriodSeconds" -}}
{{- add .root.Values.preStopSleepSeconds (div (add (include "brandradar.shutdownGraceMs" .) 999) 1000) 10 -}}
{{- end -}}

{{/* Does the runner scale with KEDA? keda.enabled true, or "auto" and the cluster serves keda.sh/v1alpha1. */}}
{{- define "brandradar.keda" -}}
{{- $mode := toString .Values.keda.enabled -}}
{{- if or (eq $mode "true") (and (eq $mode "auto") (.Capabilities.APIVersions.Has "keda.sh/v1alpha1")) }}true{{ end -}}
{{- end -}}

{{/*
host:port of the NATS monitoring endpoint KEDA reads: keda.natsMonitoringEndpoint, else the
in-cluster NATS's headless Service (the scaler reaches each clustered server as <pod>.<endpoint>),
else the first natsUrl host on port 8222.
*/}}
{{- define "brandradar.natsMonitoringEndpoint" -}}
{{- if .Values.keda.natsMonitoringEndpoint -}}
{{- .Values.keda.natsMonitoringEndpoint -}}
{{- else if .Values.nats.enabled -}}
{{- printf "%s-headless.%s.svc:8222" (include "brandradar.natsName" .) .Release.Namespace -}}
{{- else -}}
{{- $first := regexReplaceAll "^([a-z]+://)?([^@/]*@)?" (first (splitList "," .Values.natsUrl) | trim) "" -}}
{{- printf "%s:8222" (first (splitList ":" $first)) -}}
{{- end -}}
{{- end -}}

{{/*
The hooks' phases: before install and upgrade with external stores; after install when the
release installs NATS or a store itself (they do not exist before), before upgrades.
*/}}
{{- define "brandradar.hookPhases" -}}
{{- if or .Values.nats.enabled (include "brandradar.inClusterStore" .) -}}
post-install,pre-upgrade
{{- else -}}
pre-install,pre-upgrade
{{- end -}}
{{- end -}}

{{/* The Secret the hook Jobs read: the existing one, or the hooks' copy of the chart's (hook-secret.yaml). */}}
{{- define "brandradar.hookSecretName" -}}
{{- default (printf "%s-hooks" (include "brandradar.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{/*
The in-cluster NATS's configuration: JetStream on /data, monitoring on 8222, lame duck on
shutdown, routes to every server when there are several, and the users (files/nats-users.conf,
passwords as $NATS_PASSWORD_<USER>, which nats-server reads from its environment).
*/}}
{{- define "brandradar.natsConfig" -}}
{{- $name := include "brandradar.natsName" . -}}
server_name: $POD_NAME
listen: 0.0.0.0:4222
http_port: 8222
pid_file: /var/run/nats/nats.pid
lame_duck_duration: 30s
lame_duck_grace_period: 10s
jetstream {
  store_dir: /data
  max_file_store: {{ .Values.nats.storage.size }}
}
{{- if gt (int .Values.nats.replicas) 1 }}
cluster {
  name: {{ $name | quote }}
  listen: 0.0.0.0:6222
  routes: [
    {{- range $i := until (int .Values.nats.replicas) }}
    {{ printf "nats://%s-%d.%s-headless.%s.svc:6222" $name $i $name $.Release.Namespace | quote }}
    {{- end }}
  ]
}
{{- end }}
{{ .Files.Get "files/nats-users.conf" }}
{{- end -}}
