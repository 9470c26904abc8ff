#!/usr/bin/env bash
# Every test: types, lint, the definitions' linters, unit/behaviour/integration tests (SQLite and PostgreSQL),
# the cluster test, then the production build and the browser tests (end-to-end in Chromium, Storybook stories).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$*"; }
step "typecheck";            npm run -s typecheck
step "lint";                 npm run -s lint
step "steps:check";          npm run -s steps:check
if [ -f scripts/formsCheck.ts ]; then step "forms:check"; npm run -s forms:check; fi
step "unit, flow, integration tests"; npx vitest run --project unit
step "build";                npm run -s build
# The cluster (HAProxy, two instances, PostgreSQL, Redis) whenever this machine has them, as CI does.
if [ -x /usr/sbin/haproxy ] && pg_isready -q -h 127.0.0.1 -p 5432 && (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  step "cluster test (HAProxy, two instances, PostgreSQL, Redis)"; npm run -s test:cluster
else
  step "cluster test skipped: needs /usr/sbin/haproxy, PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379"
fi
if [ -d tests/e2e ]; then step "end-to-end tests (Chromium)"; npx vitest run --config tests/e2e/vitest.config.ts; fi
if [ -f .storybook/main.ts ]; then step "Storybook stories (Chromium)"; npm run -s test:stories; fi
