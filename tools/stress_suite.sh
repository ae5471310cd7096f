#!/usr/bin/env bash
# The test suite N times in a row while the machine also runs a `companion serve` and a load
# generator (bench/stress_load.py) against it: each run's wall time and its result line.
#
#   tools/stress_suite.sh [N] [extra pytest arguments]     (N defaults to 5)
#
# Environment: STRESS_PORT (default: a free port), STRESS_THREADS (load threads, default 4),
# STRESS_PAUSE (seconds each load thread waits after a request, default 0.05; 0 for no pause),
# STRESS_DIR (logs and the server's instance folder, default a new folder under /tmp),
# STRESS_NICE (niceness of the test runs, default 0; the server and load run at normal
# priority). Exits non-zero if any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."
N=${1:-5}
shift || true
PY=.venv/bin/python
export PYTHONPATH=$PWD
unset PYTHONDONTWRITEBYTECODE  # as ./test.sh: compiled modules kept between runs
DIR=${STRESS_DIR:-$(mktemp -d /tmp/companion-stress-XXXXXX)}
mkdir -p "$DIR"
PORT=${STRESS_PORT:-$($PY -c 'from bench._common import free_port; print(free_port())')}

COMPANION_INSTANCE="$DIR/instance" COMPANION_TABLES_PER_MINUTE=0 XDG_RUNTIME_DIR="$DIR" \
  setsid .venv/bin/companion serve --host 127.0.0.1 --port "$PORT" --no-qr \
  >"$DIR/server.log" 2>&1 &
SERVER=$!
LOAD=""
cleanup() {
  [ -n "$LOAD" ] && kill -TERM "$LOAD" 2>/dev/null && wait "$LOAD" 2>/dev/null
  kill -INT -- "-$SERVER" 2>/dev/null
  sleep 1
  kill -KILL -- "-$SERVER" 2>/dev/null
  true
}
trap cleanup EXIT
for _ in $(seq 1 300); do
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 0.2
done
curl -fs -o /dev/null "http://127.0.0.1:$PORT/" || { echo "server did not start:"; tail "$DIR/server.log"; exit 2; }
$PY -m bench.stress_load --port "$PORT" --threads "${STRESS_THREADS:-4}" \
  --pause "${STRESS_PAUSE:-0.05}" >"$DIR/load.log" 2>&1 &
LOAD=$!
echo "server on port $PORT, load generator pid $LOAD; logs in $DIR; $(uptime)"

bad=0
for i in $(seq 1 "$N"); do
  start=$(date +%s)
  nice -n "${STRESS_NICE:-0}" .venv/bin/pytest -n 2 --dist worksteal -q -p no:cacheprovider "$@" \
    >"$DIR/run$i.txt" 2>&1
  rc=$?
  took=$(( $(date +%s) - start ))
  result=$(grep -E '^(=+ )?[0-9]+ (passed|failed)|[0-9]+ (passed|failed|error)' "$DIR/run$i.txt" | tail -1)
  printf 'run %d: %dm%02ds, exit %d: %s | load avg %s\n' "$i" $((took / 60)) $((took % 60)) \
    "$rc" "$result" "$(cut -d' ' -f1-3 /proc/loadavg)"
  if [ "$rc" -ne 0 ]; then
    bad=$((bad + 1))
    grep -E '^(FAILED|ERROR) ' "$DIR/run$i.txt" | sed 's/^/    /'
  fi
done
kill -TERM "$LOAD" 2>/dev/null && wait "$LOAD" 2>/dev/null
LOAD=""
tail -1 "$DIR/load.log"
echo "$bad of $N runs failed"
[ "$bad" -eq 0 ]
