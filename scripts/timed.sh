#!/usr/bin/env bash
# Runs a command and prints how long it took: `bash scripts/timed.sh NAME command...` (npm test's figure).
set -uo pipefail
name="$1"; shift
start=$SECONDS
"$@"; code=$?
printf '%s took %ds (exit %d)\n' "$name" $((SECONDS - start)) "$code"
exit "$code"
