#!/bin/sh
# A PostgreSQL dump of the site (deploy/site-backup.service runs it daily): pg_dump's custom format,
# consistent while the site runs, written under a temporary name and renamed when complete; then
# all but the BACKUP_KEEP newest dumps are deleted. SQLite sites use BACKUP_INTERVAL_HOURS instead.
# Restore into a stopped site: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set: SQLite sites back up with BACKUP_INTERVAL_HOURS}"
dir="${1:-${STATE_DIRECTORY:-/var/lib/site-backups}}"
keep="${BACKUP_KEEP:-7}"
file="$dir/site-$(date -u +%Y%m%dT%H%M%SZ).dump"

mkdir -p "$dir"
pg_dump --format=custom --file="$file.partial" "$DATABASE_URL"
mv "$file.partial" "$file"
echo "$file"
# Names sort by time; only this script's finished dumps are counted or deleted.
ls -1 "$dir" | grep -E '^site-[0-9]{8}T[0-9]{6}Z\.dump$' | sort -r | tail -n +"$((keep + 1))" |
  while read -r old; do rm -f -- "$dir/$old" && echo "deleted $dir/$old"; done
