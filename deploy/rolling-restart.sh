#!/usr/bin/env bash
# Restarts the site's instances one at a time after migrating the database once, so the proxy
# always has an instance to send requests to (deploy/Caddyfile, deploy/nginx.conf).
#
#   sudo deploy/rolling-restart.sh            # site@1 and site@2 (deploy/site@.service)
#   sudo deploy/rolling-restart.sh 1 2 3      # the instances to restart, in this order
#
# Build the new release first, in a folder of its own beside the running one, with both releases'
# /assets/ files in both folders (docs/deploy.md, Upgrades: a build in place rewrites the code the
# running instances still load, and each version's pages ask for their own files). Each instance is
# restarted only when the one before answers ready, and a stopping instance leaves the proxy's
# rotation before it closes (apps/server/src/core/drain.ts), so no request fails. While it runs, old
# and new code serve side by side on the migrated database: a migration must leave the schema
# usable by the previous version (add columns and tables; drop them one release later).
#
# Settings (environment variables), for a layout other than deploy/site@.service's:
#   SITE_DIR          the built checkout; default /opt/site.
#   MIGRATE_COMMAND   runs the migrations once; default: the built migrate.js as the service runs,
#                     with its user and environment file. Empty: skip (the first instance to start
#                     migrates anyway, under a lock).
#   RESTART_COMMAND   restarts one instance, its name appended: default `systemctl restart site@`
#                     (so `systemctl restart site@1`).
#   READY_URL         the instance's readiness address, `%s` replaced by its name; default
#                     http://127.0.0.1:800%s/api/health/ready (site@N listens on 800N).
#   READY_TIMEOUT     seconds an instance may take to answer ready; default 60.
#   SETTLE_SECONDS    a pause after each instance is ready, so the proxy has seen it back before
#                     the next one leaves; default 2. Caddy sends a POST nowhere when it has no
#                     healthy instance at that moment (503, no retry), and it checks readiness every
#                     second (deploy/Caddyfile): without the pause, the next instance could leave
#                     the rotation before Caddy's check of the restarted one. nginx does not check:
#                     set it to the upstream's fail_timeout (5), so nginx tries the restarted
#                     instance again before the next one stops.
set -euo pipefail

SITE_DIR=${SITE_DIR:-/opt/site}
MIGRATE_COMMAND=${MIGRATE_COMMAND-systemd-run --quiet --wait --pipe --collect --uid=site --gid=site \
  --working-directory=$SITE_DIR -p EnvironmentFile=/etc/site/site.env \
  -E NODE_ENV=production -E DATA_DIR=/var/lib/site /usr/bin/node $SITE_DIR/apps/server/dist/migrate.js}
RESTART_COMMAND=${RESTART_COMMAND:-systemctl restart site@}
READY_URL=${READY_URL:-http://127.0.0.1:800%s/api/health/ready}
READY_TIMEOUT=${READY_TIMEOUT:-60}
SETTLE_SECONDS=${SETTLE_SECONDS:-2}

if [ "$#" -gt 0 ]; then instances=("$@"); else instances=(1 2); fi

log() { printf '%s rolling-restart: %s\n' "$(date -u +%H:%M:%S)" "$*"; }

# Whether the instance answers 200 to its readiness check now.
ready() {
  local url=${READY_URL//%s/$1}
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url" || true)" = 200 ]
}

wait_ready() {
  local deadline=$((SECONDS + READY_TIMEOUT))
  until ready "$1"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "instance $1 is not ready after ${READY_TIMEOUT}s; stopping here, the others keep running"
      return 1
    fi
    sleep 0.2
  done
}

if [ -n "$MIGRATE_COMMAND" ]; then
  log "migrating: $MIGRATE_COMMAND"
  $MIGRATE_COMMAND
fi

for name in "${instances[@]}"; do
  log "restarting instance $name"
  $RESTART_COMMAND"$name"
  wait_ready "$name"
  log "instance $name is ready"
  if [ "$SETTLE_SECONDS" != 0 ]; then sleep "$SETTLE_SECONDS"; fi
done
log "done: ${instances[*]}"
