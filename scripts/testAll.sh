#!/usr/bin/env bash
# Every test: types, lint (eslint, prettier, import cycles, knip), the definitions' linters, the unit tests (npm test),
# the pages drawn on jsdom (npm run test:dom),
# the server's tests on SQLite and PostgreSQL (npm run test:db), the production build, the cluster test, then the
# browser tests (end-to-end in Chromium, Storybook stories). Each stage prints its duration, and a table of them ends
# the run.
# TEST_ALL_SKIP="lint db" leaves those stages out. TEST_SCOPE=definitions (CI's run on a copy with a product-staff
# drill applied, .ci/run) runs only what a definition edit can affect: typecheck, lint, db and cluster are left out
# (unless TEST_ALL_SKIP says otherwise), the unit project leaves out the files that read no definition and the
# end-to-end suite runs only the walks (vitest.config.ts, tests/e2e/vitest.config.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${TEST_SCOPE:-}" = definitions ]; then TEST_ALL_SKIP="${TEST_ALL_SKIP-typecheck lint db cluster}"; fi
times=()
started=$SECONDS
# stage NAME command...: runs one stage (unless TEST_ALL_SKIP names it) and records its duration.
stage() {
  local name="$1"; shift
  if [[ " ${TEST_ALL_SKIP:-} " == *" $name "* ]]; then printf '\n=== %s left out (TEST_ALL_SKIP) ===\n' "$name"; return; fi
  printf '\n=== %s ===\n' "$name"
  local start=$SECONDS
  "$@"
  local took=$((SECONDS - start))
  times+=("$(printf '%-12s %5ds' "$name" "$took")")
  printf '=== %s took %ds ===\n' "$name" "$took"
}
summary() {
  printf '\n=== stage times ===\n'
  printf '%s\n' "${times[@]}"
  printf '%-12s %5ds\n' total $((SECONDS - started))
}
trap summary EXIT
stage typecheck npm run -s typecheck
stage lint npm run -s lint
stage steps:check npm run -s steps:check
stage forms:check npm run -s forms:check
stage unit npx vitest run --project unit
stage dom npx vitest run --project dom
stage db npx vitest run --project db
stage build npm run -s build
# The cluster (HAProxy, two instances, PostgreSQL, Redis) whenever this machine has them, as CI does.
cluster() {
  if [ -x /usr/sbin/haproxy ] && pg_isready -q -h 127.0.0.1 -p 5432 && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
    npm run -s test:cluster
  else
    echo "cluster test skipped: needs /usr/sbin/haproxy, PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379"
  fi
}
stage cluster cluster
stage e2e npx vitest run --config tests/e2e/vitest.config.ts
stage stories npm run -s test:stories
