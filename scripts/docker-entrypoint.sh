#!/bin/sh
# Container entrypoint (see Dockerfile and docs/decisions/003-deployment.md).
# Arguments, if any, replace the default command in a plain container, e.g.
# `docker run --rm rigroast node -e "..."`.
set -eu

if [ -n "${LITEFS_DIR:-}" ]; then
  # Multi-machine (Fly.io): LiteFS must mount FUSE as root. It waits until this
  # machine holds the lease or has caught up with the primary, then starts the
  # app from litefs.yml's `exec` (as `node`, through run-as-node.sh) and
  # forwards stop signals to it.
  exec litefs mount -config /etc/litefs.yml
fi

if [ "$#" -eq 0 ]; then
  set -- node build/server/index.js
fi

exec /app/scripts/run-as-node.sh "$@"
