#!/usr/bin/env bash
# Runs deploy/nginx.conf as written, without Docker: three Parlor processes on this machine
# (ports 2601-2603, with a Redis and a PostgreSQL of their own, started here in a temporary
# directory on free ports and stopped at the end) stand in for the parlor1-3 containers, and nginx listens on
# 8080. Then deploy/smoke.mjs plays games through the proxy. Needs nginx on PATH and `npm run build`.
# Usage: bash deploy/try-local.sh   (from the project root)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
pids=()
pg_ctl_bin=""
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  [ -n "$pg_ctl_bin" ] && as_pg "$pg_ctl_bin" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  [ -f "$work/redis.pid" ] && kill "$(cat "$work/redis.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
# PostgreSQL refuses to run as root: as root, its commands run as the postgres user.
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# A Redis of its own, on a free port, keeping nothing: this never touches the machine's Redis
# (an earlier version ran FLUSHDB on its database 0, which would wipe an operator's rooms).
redis_port=$(free_port)
redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no \
  --dir "$work" --pidfile "$work/redis.pid" --logfile "$work/redis.log"
until redis-cli -p "$redis_port" ping 2>/dev/null | grep -q PONG; do sleep 0.1; done

# The database of record: three processes share it, so a PostgreSQL of its own in $work (PGlite
# is one process's). Debian's binaries are in /usr/lib/postgresql/<v>/bin (apt-get install postgresql).
pg_bin=$(dirname "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)")
[ -x "$pg_bin/initdb" ] || { echo "needs PostgreSQL's initdb (apt-get install postgresql)"; exit 1; }
pg_port=$(free_port)
mkdir -p "$work/pg"
[ "$(id -u)" -eq 0 ] && chown postgres "$work" "$work/pg"
as_pg "$pg_bin/initdb" -D "$work/pg" -U postgres --auth=trust >/dev/null
pg_ctl_bin="$pg_bin/pg_ctl"
as_pg "$pg_ctl_bin" -D "$work/pg" -l "$work/pg/server.log" -w -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$work/pg" start >/dev/null

for n in 1 2 3; do
  PORT=$((2600 + n)) METRICS_PORT=$((9460 + n)) REDIS_URL="redis://127.0.0.1:$redis_port" PUBLIC_ADDRESS="127.0.0.1:8080/p$n" TRUST_PROXY=1 \
    DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres" \
    AUTH_SECRET=local-try-only-not-a-secret-0123456789 LOG_LEVEL=warn node dist/server/main.js &
  pids+=($!)
done
# The compose file's nginx.conf with the containers' names turned into this machine's ports.
sed -e 's/parlor\([0-9]\):2567/127.0.0.1:260\1/g' -e 's/listen 80;/listen 127.0.0.1:8080;/' \
    -e "s#^events#pid $work/nginx.pid; error_log $work/error.log; events#" \
    -e "s#^http {#http { access_log off; client_body_temp_path $work; proxy_temp_path $work; fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;#" \
    deploy/nginx.conf > "$work/nginx.conf"
nginx -c "$work/nginx.conf"
for n in 1 2 3; do until curl -sf "http://127.0.0.1:260$n/healthz" >/dev/null; do sleep 0.2; done; done
node deploy/smoke.mjs http://127.0.0.1:8080
# Metrics: on each process's own port (the compose file's 9464), not through the proxy.
for n in 1 2 3; do curl -sf "http://127.0.0.1:946$n/metrics" > "$work/metrics$n"; grep -q '^# TYPE parlor_rooms gauge' "$work/metrics$n" || { echo "no metrics on 946$n"; exit 1; }; done
[ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/metrics)" = 404 ] || { echo "/metrics answered through the proxy"; exit 1; }
echo "metrics scraped on ports 9461-9463; /metrics through the proxy is a 404"
