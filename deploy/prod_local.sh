#!/usr/bin/env bash
# `make prod-local`: the production shape of docs/deploy.md on one machine, and a round driven
# through it. Starts, in the background (pids and logs in deploy/.run/):
#   - the local PostgreSQL's database scoreblok_prodlocal, or the one DATABASE_URL names (made if
#     missing), migrated;
#   - a Redis of its own on 127.0.0.1:6380 as production runs it, bounded (maxmemory 64mb) and
#     dropping the least recently used keys when full (allkeys-lru), unless REDIS_URL names one;
#   - two app servers, each a gunicorn for the pages (:8101, :8102) and a uvicorn for the live
#     pages' event streams (:8111, :8112), DEBUG off, sessions in the database read through that
#     Redis, which is also their cache and carries the events from one server to the other;
#   - the task worker (manage.py task_worker), started again 2 s after it ends, whatever ended it,
#     as systemd does in production (deploy/scoreblok-worker.service, Restart=always);
#   - Debian's haproxy on :8080 in front of both (deploy/haproxy.cfg: /events/ to the uvicorns,
#     health checks on /health/, its runtime API on deploy/.run/haproxy.sock).
# Then runs deploy/prod_local_check.py (a round through the balancer, read back from both servers;
# a round entered through one server pushed to streams held on both; failed log-ins from one
# client that must not lock out another; streams held from 30 addresses past their budget while
# pages still answer; Redis unreachable for a while with every server kept in the balancer; the
# balancer's own 503; the worker killed and back) and leaves everything running;
# `deploy/prod_local.sh stop` stops what it started (by the pids it wrote).
set -euo pipefail
cd "$(dirname "$0")/.."
RUN=deploy/.run
BIN=.venv/bin

stop() {
    for pidfile in "$RUN"/*.pid; do
        [ -e "$pidfile" ] || continue
        # What setsid started leads a process group: the group goes (the worker's loop with the
        # worker it runs); haproxy, started without, by its pid.
        kill -- "-$(cat "$pidfile")" 2>/dev/null || kill "$(cat "$pidfile")" 2>/dev/null || true
        # Gone before its successor starts: a Redis still shutting down holds its port, so the
        # new one could not listen and the wait for it below would ask the old one.
        for _ in $(seq 1 50); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
        rm -f "$pidfile"
    done
}
if [ "${1:-}" = "stop" ]; then stop; exit 0; fi
stop
mkdir -p "$RUN"

export DEBUG=0
export SECRET_KEY="${SECRET_KEY:-$(head -c 48 /dev/urandom | base64 | tr -d '/+=')}"
export ALLOWED_HOSTS=127.0.0.1,localhost
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/scoreblok_prodlocal}"
if [ -z "${REDIS_URL:-}" ]; then
    REDIS_PORT=6380
    setsid redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --maxmemory 64mb \
        --maxmemory-policy allkeys-lru --save "" --appendonly no >"$RUN/redis.log" 2>&1 &
    echo $! >"$RUN/redis.pid"
    for _ in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
    export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
fi
export REDIS_URL
export SECURE_SSL_REDIRECT=0   # plain HTTP on this machine; production terminates TLS in front
export PROXY_COUNT=1           # haproxy adds one X-Forwarded-For hop
export GUNICORN_WORKERS="${GUNICORN_WORKERS:-2}"

DB_NAME="${DATABASE_URL##*/}"   # the database DATABASE_URL names, made if missing
psql -h 127.0.0.1 -U postgres -tc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'" \
    | grep -q 1 || psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE \"$DB_NAME\""
$BIN/python manage.py migrate --no-input -v 0
$BIN/python manage.py collectstatic --no-input -v 0

# Every open stream is an open file on its uvicorn and two on haproxy; the usual limit of 1,024
# would fail a stream server near a thousand streams, below its budget (deploy/haproxy.cfg).
# Raised as the systemd units do (LimitNOFILE=65536, docs/deploy.md), or to the hard limit if
# that is lower; what starts below (and the check, which holds streams) inherits it.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

for port in 8101 8102; do
    PORT=$port GUNICORN_ACCESS_LOG="$RUN/app$port.access.log" \
        setsid $BIN/gunicorn --config config/gunicorn.py >"$RUN/app$port.log" 2>&1 &
    echo $! >"$RUN/app$port.pid"
done
for port in 8111 8112; do
    setsid $BIN/uvicorn config.asgi:application --host 127.0.0.1 --port $port --no-access-log \
        --timeout-graceful-shutdown 5 >"$RUN/streams$port.log" 2>&1 &
    echo $! >"$RUN/streams$port.pid"
done
# The worker comes back by itself after a lost database connection (task_worker); if the
# process ends anyway, the loop starts it again, as systemd's Restart=always does.
setsid bash -c "while true; do $BIN/python manage.py task_worker; \
    echo \"task_worker ended (\$?); starting it again in 2 s\" >&2; sleep 2; done" \
    >"$RUN/worker.log" 2>&1 &
echo $! >"$RUN/worker.pid"
haproxy -f deploy/haproxy.cfg -db >"$RUN/haproxy.log" 2>&1 &
echo $! >"$RUN/haproxy.pid"

$BIN/python deploy/prod_local_check.py
