# syntax=docker/dockerfile:1
# One image for a single self-hosted container and for Fly.io with LiteFS
# (docs/decisions/003-deployment.md).

# --- build: full dependency tree, production build, then keep only what the build loads
FROM node:24-bookworm-slim AS build
WORKDIR /app

# Manifests first, so the dependency layer is reused until they change. No
# compiler is needed: install scripts are denied ("allowScripts") and the native
# modules ship prebuilt binaries inside their packages.
COPY package.json package-lock.json ./
# React Router's patch (docs/decisions/), applied by npm ci's postinstall.
COPY patches ./patches
RUN npm ci

COPY . .
RUN npm run build && npm prune --omit=dev

# --- runtime
FROM node:24-bookworm-slim

# fuse3: LiteFS's FUSE mount. ca-certificates: TLS to Consul, SMTP and Ollama.
# fonts-dejavu-core: the text on the social cards (og:image) that sharp draws.
# user_allow_other: LiteFS's docs ask for it with its `allow-other` (litefs.yml),
# which lets the app, running as `node`, into the mount LiteFS makes as root.
# apt-get clean: the downloaded packages and apt's caches (100 MB) stay out of the image.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates fuse3 fonts-dejavu-core \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* \
 && echo user_allow_other >> /etc/fuse.conf

COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs
COPY litefs.yml /etc/litefs.yml

WORKDIR /app
# glibc's MALLOC_* settings and V8's heap flags are not set here: the server sets
# them itself when it starts (server/memory-settings.ts), as it does outside
# the container; an ENV here would take precedence over them.
ENV NODE_ENV=production \
    PORT=3000 \
    DATABASE_PATH=/data/sqlite.db \
    UPLOADS_DIR=/data/uploads

# The server build bundles every library but the two with native code, and
# carries the screening models' data files (vite.config.ts): node_modules holds
# only package.json's `dependencies`, better-sqlite3 and sharp, 50 MB. package.json
# makes the build's .js files ES modules; the server finds db/migrations (SQL +
# meta/_journal.json) by walking up from the bundle.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
COPY --chmod=0755 scripts/docker-entrypoint.sh scripts/run-as-node.sh ./scripts/
COPY scripts/admin.ts ./scripts/admin.ts

# Relative ./data paths (the dev mailer's outbox when SMTP_URL is unset) land on
# the volume, where the app may write, instead of the read-only image.
RUN ln -s /data /app/data \
 && mkdir -p /data/uploads \
 && chown -R node:node /data

VOLUME /data
EXPOSE 3000

# Slim images have no curl; Node 24's fetch does the job.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# No USER: LiteFS needs root for FUSE. The app itself always runs as `node`:
# scripts/run-as-node.sh drops root before starting it, from the entrypoint in
# a plain container and from litefs.yml's `exec` under LiteFS.
ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]
