# One Dockerfile for the seven services; the SERVICE build argument picks which one, so each service
# is still an image of its own that deploys on its own. Build from the repository root:
#   docker build --build-arg SERVICE=gateway -t brandradar/gateway .
# The stages every service shares (all dependencies, the compiled packages, the production
# dependencies) come before SERVICE is used, so seven builds in a row reuse them from the layer cache:
# npm installs once per lockfile, not once per image.
# Plain Dockerfile syntax (no heredocs, no COPY --parents) so that buildah builds it too (test/images).

# Node 24 LTS on Debian 12, pinned by version; test/images tags its local stand-in with this name.
FROM node:24.21.0-bookworm-slim AS node

# The package manifests alone, so the install layers are rebuilt only when a manifest changes.
FROM node AS manifests
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages ./packages
COPY services ./services
RUN mkdir /manifests && cp --preserve=timestamps --parents package.json package-lock.json packages/*/package.json services/*/package.json /manifests/

# Installs everything and compiles the shared packages once, for every service.
FROM node AS build
WORKDIR /repo
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages ./packages
RUN npx tsc -b packages/*

# The service compiled on them, and its compiled JavaScript with that of the workspace packages in
# its production dependencies (npm resolves them: no list to keep here), plus a package's static
# files in public/ (the web app the gateway serves); no sources, types or tests. Only this
# service's sources are copied, so a change to another leaves this image as it was.
FROM build AS dist
ARG SERVICE
RUN test -n "$SERVICE" || { echo "set --build-arg SERVICE=<gateway|tracker|scheduler|runner|billing|workflow|notifier>" >&2; exit 1; }
COPY services/$SERVICE ./services/$SERVICE
RUN npx tsc -b "services/$SERVICE" \
 && mkdir /out \
 && for dir in $(npm ls --omit=dev --all --parseable --workspace="@brandradar/$SERVICE" | grep '/node_modules/@brandradar/' | xargs realpath | sort -u); do \
      find "${dir#/repo/}/dist" \( -name '*.js' -o -name '*.js.map' \) -print0 | xargs -0r cp --parents -t /out; \
      if [ -d "${dir#/repo/}/public" ]; then cp -r --parents "${dir#/repo/}/public" /out; fi; \
    done

# tini as PID 1: it forwards SIGTERM to node and reaps children; from Debian's packages.
FROM node AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*

# The production dependencies of every workspace (no dev dependencies), installed once per lockfile:
# this layer comes before SERVICE is used, so the seven builds share it from the layer cache, and
# so do a registry and a node that hold several of the images. Each image carries every service's
# dependencies (about 185 MB; the largest service alone needs 178 MB), for one install instead of seven.
FROM runtime AS production
ENV NODE_ENV=production
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM production
COPY --from=dist /out/ ./
ARG SERVICE
WORKDIR /app/services/$SERVICE
# The numeric uid of the base image's `node` user, so a cluster can check runAsNonRoot.
USER 1000:1000
# The ops port (OPS_PORT: /livez, /readyz, /metrics); the gateway also serves GATEWAY_PORT (8080)
# and ADMIN_PORT (8081).
EXPOSE 9464
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/main.js"]
