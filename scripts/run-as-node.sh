#!/bin/sh
# Starts the app as the unprivileged `node` user: makes the folders it writes
# its own, then drops root for good, so sharp parses untrusted images without
# root. The entrypoint runs it in a plain container, and litefs.yml's `exec`
# under LiteFS, where the container stays root for LiteFS's FUSE mount.
set -eu

if [ "$(id -u)" -ne 0 ]; then
  # Started with --user: the operator owns the volume's permissions.
  exec "$@"
fi

# A fresh volume or bind mount may belong to root. Only entries not yet owned by
# `node` change, so restarts with many uploads stay quick. -H follows a path
# that is itself a symlink (./data is one, to /data). LiteFS's own data
# (/data/litefs) stays root's: only LiteFS reads it.
own() { find -H "$1" -path /data/litefs -prune -o ! -user node -exec chown node:node {} +; }
db_dir=$(dirname "${DATABASE_PATH:-/data/sqlite.db}")
uploads_dir=${UPLOADS_DIR:-/data/uploads}
mkdir -p /data "$uploads_dir"
own /data
case $db_dir in
  /data | /data/*) ;;
  # LiteFS's mount cannot change owner; its files are open to every user (allow-other).
  "${LITEFS_DIR:-}") ;;
  *) mkdir -p "$db_dir" && own "$db_dir" ;;
esac
case $uploads_dir in /data | /data/*) ;; *) own "$uploads_dir" ;; esac

# The server becomes the process LiteFS or the container started (it handles
# SIGTERM itself); no-new-privs keeps any setuid program from giving root back.
export HOME=/home/node
exec setpriv --reuid=node --regid=node --init-groups --no-new-privs "$@"
