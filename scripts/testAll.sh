#!/usr/bin/env bash
# Every test: types, lint, the definitions' linters, unit/behaviour/integration tests (SQLite and PostgreSQL),
# the cluster test, then the production build and the browser tests (end-to-end in Chromium, Storybook stories).
# TEST_ALL_SKIP="cluster e2e stories" leaves those runs out (CI's second run, on a copy with a product-staff drill
# applied, leaves out the cluster: .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$*"; }
skipped() { [[ " ${TEST_ALL_SKIP:-} " == *" $1 "* ]] && step "$1 left out (TEST_ALL_SKIP)"; }
step "typecheck";            npm run -s typecheck
step "lint";                 npm run -s lint
step "steps:check";          npm run -s steps:check
if [ -f scripts/formsCheck.ts ]; then step "forms:check"; npm run -s forms:check; fi
step "unit, flow, integration tests"; npx vitest run --project unit
step "build";                npm run -s build
# The cluster (HAProxy, two instances, PostgreSQL, Redis) whenever this machine has them, as CI does.
if skipped cluster; then :
elif [ -x /usr/sbin/haproxy ] && pg_isready -q -h 127.0.0.1 -p 5432 && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  step "cluster test (HAProxy, two instances, PostgreSQL, Redis)"; npm run -s test:cluster
else
  step "cluster test skipped: needs /usr/sbin/haproxy, PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379"
fi
if skipped e2e; then :
elif [ -d tests/e2e ]; then step "end-to-end tests (Chromium)"; npx vitest run --config tests/e2e/vitest.config.ts; fi
if skipped stories; then :
elif [ -f .storybook/main.ts ]; then step "Storybook stories (Chromium)"; npm run -s test:stories; fi
