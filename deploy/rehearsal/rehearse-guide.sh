#!/usr/bin/env bash
# Follows docs/deploy.md on a clean Debian 12 booted with systemd, in a container on this machine,
# from a clone of this checkout to the HTTPS page, backups, metrics and an upgrade by the rolling
# restart under load. The commands are the guide's own blocks (guide-script.mjs lists the few
# stand-ins for what a machine without the internet cannot reach). Takes ~10 minutes; not part of
# `npm test` (it needs root, debootstrap and systemd-nspawn, and the ports below).
#
#   sudo npm run rehearse:guide
#
# The container shares this machine's network, so the guide's services bind the real ports:
# 80, 443, 5432, 6379, 8001, 8002 and 9090 must be free (stop a local PostgreSQL and Redis first).
# Settings (environment variables):
#   REHEARSAL_DIR  where the machine's files live; default /var/lib/machines/site-guide. A pristine
#                  Debian is kept beside it (…-base) and copied for each run.
#   NODE_DEB       NodeSource's nodejs 20 package as a file; default: repacked from this machine's
#                  installed one (dpkg-repack), with the npm this machine has.
#   DEBIAN_MIRROR  default http://deb.debian.org/debian.
#   KEEP=1         leave the machine running at the end (enter it with nsenter -t <pid> -a).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
here="$repo/deploy/rehearsal"
dir=${REHEARSAL_DIR:-/var/lib/machines/site-guide}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

log() { printf '\n== %s %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() { printf 'rehearse-guide: %s\n' "$*" >&2; exit 2; }

[ "$(id -u)" = 0 ] || fail "run it as root"
for command in debootstrap systemd-nspawn nsenter node curl; do
  command -v "$command" >/dev/null || fail "$command is missing (apt-get install debootstrap systemd-container)"
done
for port in 80 443 5432 6379 8001 8002 9090; do
  if ss -Htln "sport = :$port" | grep -q .; then fail "port $port is taken: the guide's services need it"; fi
done

if [ ! -d "$dir-base" ]; then
  log "debootstrap Debian 12 into $dir-base"
  debootstrap --include=systemd,systemd-sysv,dbus,ca-certificates bookworm "$dir-base.tmp" "$mirror"
  mv "$dir-base.tmp" "$dir-base"
fi
rm -rf "$dir" && cp -a "$dir-base" "$dir"
echo site-guide > "$dir/etc/hostname"
cp /etc/resolv.conf "$dir/etc/resolv.conf"

# NodeSource's package, as the guide installs it from their repository.
if [ -n "${NODE_DEB:-}" ]; then
  cp "$NODE_DEB" "$dir/root/nodejs.deb"
else
  command -v dpkg-repack >/dev/null || fail "set NODE_DEB, or apt-get install dpkg-repack to repack this machine's nodejs"
  work=$(mktemp -d)
  (cd "$work" && dpkg-repack nodejs >/dev/null 2>&1 && dpkg-deb -R nodejs_*.deb pkg)
  # npm upgrades itself in place, which dpkg-repack cannot follow: take the tree as it is now.
  rm -rf "$work/pkg/usr/lib/node_modules/npm" && cp -a /usr/lib/node_modules/npm "$work/pkg/usr/lib/node_modules/npm"
  dpkg-deb -Zgzip -b "$work/pkg" "$dir/root/nodejs.deb" >/dev/null
  rm -rf "$work"
fi

# This machine's own trust and npm settings (e.g. the root of a TLS-inspecting egress, and Node's
# headers for npm to compile with when it cannot download a prebuilt binary): not steps of the guide.
cp /usr/local/share/ca-certificates/*.crt "$dir/usr/local/share/ca-certificates/" 2>/dev/null || true
machine_env=(NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt npm_config_nodedir=/usr)

log "booting it with systemd"
systemd-nspawn -b -D "$dir" --register=no --keep-unit --console=pipe --bind-ro="$repo:/srv/repo" \
  >"$dir.console.log" 2>&1 &
nspawn=$!
leader=''
for _ in $(seq 100); do
  leader=$(pgrep -P "$nspawn" | head -n 1 || true)
  [ -n "$leader" ] && break
  sleep 0.2
done
[ -n "$leader" ] || fail "the container did not start (see $dir.console.log)"
inside() {
  nsenter -t "$leader" -a env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 TERM=dumb "${machine_env[@]}" "$@"
}
stop() {
  [ "${KEEP:-0}" = 1 ] && { echo "left running: nsenter -t $leader -a bash"; return; }
  inside systemctl poweroff >/dev/null 2>&1 || true
  wait "$nspawn" 2>/dev/null || true
}
trap stop EXIT
for _ in $(seq 100); do
  state=$(inside systemctl is-system-running 2>/dev/null || true)
  [ "$state" = running ] || [ "$state" = degraded ] && break
  sleep 0.3
done
inside update-ca-certificates >/dev/null

run_part() {
  node "$here/guide-script.mjs" "$1" >"$dir/root/$1.sh"
  log "guide, part '$1' (log: $dir.$1.log)"
  if ! inside bash "/root/$1.sh" >"$dir.$1.log" 2>&1; then
    tail -n 30 "$dir.$1.log"
    fail "part '$1' failed"
  fi
}

run_part install
ca="$dir/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt"
log "from this machine: the HTTPS page"
curl -fsS --cacert "$ca" --resolve site.localhost:443:127.0.0.1 -o /dev/null \
  -w 'GET https://site.localhost/ -> %{http_code} over HTTP/%{http_version}\n' https://site.localhost/
curl -fsS --cacert "$ca" --resolve site.localhost:443:127.0.0.1 -D - -o /dev/null https://site.localhost/ |
  grep -i '^strict-transport-security' || fail "no HSTS header"

run_part upgrade
log "the rolling restart, under load through Caddy"
stop_file=$(mktemp -u)
node "$here/load.mjs" "$ca" "$stop_file" >"$dir.load.json" &
load=$!
for _ in $(seq 100); do [ -s "$dir.load.json" ] && break; sleep 0.2; done
sleep 3
run_part restart
sleep 3
touch "$stop_file"
wait "$load"
tail -n 1 "$dir.load.json"
node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").at(-1));
  if (r.failed || r.lost || !r.writes) { console.error("requests failed or writes lost"); process.exit(1); }' "$dir.load.json"
log "the guide worked, as written but for guide-script.mjs's stand-ins"
