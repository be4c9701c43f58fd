#!/bin/sh
# Container entrypoint (see Dockerfile and docs/decisions/003-deployment.md).
# Arguments, if any, replace the default command in a plain container, e.g.
# `docker run --rm rigroast node -e "..."`.
set -eu

if [ -n "${LITEFS_DIR:-}" ]; then
  # Multi-machine (Fly.io): LiteFS must mount FUSE as root. It waits until this
  # machine holds the lease or has caught up with the primary, then starts the
  # app from litefs.yml's `exec` and forwards stop signals to it.
  exec litefs mount -config /etc/litefs.yml
fi

if [ "$#" -eq 0 ]; then
  set -- node --max-semi-space-size=16 build/server/index.js
fi

if [ "$(id -u)" -ne 0 ]; then
  # Started with --user: the operator owns the volume's permissions.
  exec "$@"
fi

# A fresh volume or bind mount may belong to root; the app runs as `node` and
# writes the database and uploads there. Only entries not yet owned by `node`
# change, so restarts with many uploads stay quick. -H follows a path that is
# itself a symlink (./data is one, to /data).
own() { find -H "$1" ! -user node -exec chown node:node {} +; }
db_dir=$(dirname "${DATABASE_PATH:-/data/sqlite.db}")
uploads_dir=${UPLOADS_DIR:-/data/uploads}
mkdir -p /data "$db_dir" "$uploads_dir"
own /data
case $db_dir in /data | /data/*) ;; *) own "$db_dir" ;; esac
case $uploads_dir in /data | /data/*) ;; *) own "$uploads_dir" ;; esac

# Drop root for good before starting the server (node becomes PID 1 and
# handles SIGTERM itself).
export HOME=/home/node
exec setpriv --reuid=node --regid=node --init-groups "$@"
