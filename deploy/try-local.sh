#!/usr/bin/env bash
# Runs deploy/nginx.conf as written, without Docker: three Parlor processes on this machine
# (ports 2601-2603, the local Redis) stand in for the parlor1-3 containers, and nginx listens on
# 8080. Then deploy/smoke.mjs plays games through the proxy. Needs nginx on PATH and `npm run build`.
# Usage: bash deploy/try-local.sh   (from the project root)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
redis_db=${REDIS_DB:-0}
redis-cli -n "$redis_db" flushdb >/dev/null
for n in 1 2 3; do
  PORT=$((2600 + n)) METRICS_PORT=$((9460 + n)) REDIS_URL="redis://127.0.0.1:6379/$redis_db" PUBLIC_ADDRESS="127.0.0.1:8080/p$n" TRUST_PROXY=1 \
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
