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

{{/*
The fullname a dependency chart gives its objects (the usual helper of the nats and Bitnami
charts): fullnameOverride, else the release name if it already contains the chart's name, else
<release>-<name>. Call with (dict "root" $ "chart" "nats" "values" .Values.nats).
*/}}
{{- define "brandradar.dependencyFullname" -}}
{{- if .values.fullnameOverride -}}
{{- .values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .chart .values.nameOverride -}}
{{- if contains $name .root.Release.Name -}}
{{- .root.Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .root.Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* NATS_URL: the in-cluster NATS chart's service, or the external URL. */}}
{{- define "brandradar.natsUrl" -}}
{{- if .Values.nats.enabled -}}
nats://{{ include "brandradar.dependencyFullname" (dict "root" . "chart" "nats" "values" .Values.nats) }}:4222
{{- else -}}
{{- .Values.natsUrl -}}
{{- end -}}
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
The keys of secrets.values that are set, as a dict. With the in-cluster NATS, a NATS user's
password (NATS_PASSWORD_<USER>) left empty is the one the chart's Secret already holds, or a new
random one; it is kept in .Values so every object of this render (the hook's copy too) agrees.
*/}}
{{- define "brandradar.secretData" -}}
{{- if and .Values.nats.enabled (not .Values.secrets.existingSecret) -}}
{{- $existing := (lookup "v1" "Secret" .Release.Namespace (include "brandradar.secretName" .)).data | default dict -}}
{{- range include "brandradar.natsUsers" . | fromJsonArray -}}
{{- $key := printf "NATS_PASSWORD_%s" (upper .) -}}
{{- if not (get $.Values.secrets.values $key) -}}
{{- $_ := set $.Values.secrets.values $key (default (randAlphaNum 32) (get $existing $key | b64dec)) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $data := dict -}}
{{- range $key, $value := .Values.secrets.values -}}
{{- if $value }}{{ $_ := set $data $key ($value | b64enc) }}{{ end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/* Does the service read MONGO_URL from the Secret (rather than from the in-cluster MongoDB)? */}}
{{- define "brandradar.mongoFromSecret" -}}
{{- if not .Values.mongodb.enabled }}true{{ end -}}
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
  "SHUTDOWN_GRACE_MS" (toString $root.Values.shutdownGraceMs)
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
simulated provider) and MONGO_URL. Call with
(dict "root" $ "name" $name "svc" $svc "secretName" <Secret to read>).
*/}}
{{- define "brandradar.secretEnv" -}}
{{- $root := .root -}}
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
{{- if $root.Values.mongodb.enabled }}
{{- $mongo := include "brandradar.dependencyFullname" (dict "root" $root "chart" "mongodb" "values" $root.Values.mongodb) }}
{{- if $root.Values.mongodb.auth.enabled }}
- name: MONGO_ROOT_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $mongo }}
      key: mongodb-root-password
- name: MONGO_URL
  value: {{ printf "mongodb://%s:$(MONGO_ROOT_PASSWORD)@%s:27017/?authSource=admin" (default "root" $root.Values.mongodb.auth.rootUser) $mongo | quote }}
{{- else }}
- name: MONGO_URL
  value: {{ printf "mongodb://%s:27017/" $mongo | quote }}
{{- end }}
{{- else }}
- name: MONGO_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: MONGO_URL
{{- end }}
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
{{- fail "NATS is not configured: set nats.enabled=true for the in-cluster NATS chart (run `helm dependency update` first), or natsUrl to an external NATS with JetStream (e.g. nats://nats.messaging:4222)." -}}
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
{{- if and (not $v.mongodb.enabled) (not $v.secrets.values.MONGO_URL) (not $v.secrets.existingSecret) -}}
{{- fail "MongoDB is not configured: set mongodb.enabled=true for the in-cluster MongoDB chart (run `helm dependency update` first), or MONGO_URL in secrets.values, or secrets.existingSecret naming a Secret with a MONGO_URL key." -}}
{{- end -}}
{{- if and $v.mongodb.enabled $v.secrets.values.MONGO_URL -}}
{{- fail "MongoDB is configured twice: set either mongodb.enabled=true (in-cluster) or secrets.values.MONGO_URL (external), not both." -}}
{{- end -}}
{{- if $v.secrets.existingSecret -}}
{{- range $key, $value := $v.secrets.values -}}
{{- if $value -}}
{{- fail (printf "secrets.values.%s is set together with secrets.existingSecret: put every key in the existing Secret (%s), or use secrets.values alone." $key $v.secrets.existingSecret) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and $v.nats.enabled (dig "config" "cluster" "enabled" false $v.nats) -}}
{{- if lt (int (dig "config" "cluster" "replicas" 1 $v.nats)) (int $v.natsStreamReplicas) -}}
{{- fail (printf "natsStreamReplicas (%d) is larger than the in-cluster NATS cluster (nats.config.cluster.replicas=%v)." (int $v.natsStreamReplicas) (dig "config" "cluster" "replicas" 1 $v.nats)) -}}
{{- end -}}
{{- else if and $v.nats.enabled (gt (int $v.natsStreamReplicas) 1) -}}
{{- fail (printf "natsStreamReplicas=%d needs a NATS cluster: the in-cluster NATS runs one server (nats.config.cluster.enabled=false); set natsStreamReplicas=1." (int $v.natsStreamReplicas)) -}}
{{- end -}}
{{- if $v.ingress.enabled -}}
{{- if not $v.services.gateway.enabled -}}
{{- fail "ingress.enabled=true needs the gateway (services.gateway.enabled=true)." -}}
{{- end -}}
{{- if not $v.ingress.hosts -}}
{{- fail "ingress.enabled=true needs at least one entry in ingress.hosts." -}}
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

{{/* terminationGracePeriodSeconds: the preStop pause, the drain (SHUTDOWN_GRACE_MS) and 10 s to spare. */}}
{{- define "brandradar.terminationGracePeriodSeconds" -}}
{{- add .Values.preStopSleepSeconds (div (add .Values.shutdownGraceMs 999) 1000) 10 -}}
{{- end -}}

{{/* Does the provisioning Job have to wait for an in-cluster store that the release itself installs? */}}
{{- define "brandradar.provisionHook" -}}
{{- if or .Values.nats.enabled .Values.mongodb.enabled -}}
post-install,pre-upgrade
{{- else -}}
pre-install,pre-upgrade
{{- end -}}
{{- end -}}
