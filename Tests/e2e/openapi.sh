#!/usr/bin/env bash
# The API against its contract: Sources/ThumbIndexServer/OpenAPI/openapi.json is
#   1. a valid OpenAPI 3.1 document (openapi-spec-validator),
#   2. what the running server serves at /openapi.json, byte for byte,
#   3. held against the running server by schemathesis: every operation, every check (no 5xx,
#      documented statuses and content types, answers that conform to their schemas, bad input
#      refused and good input accepted, 405 for undeclared methods), examples, coverage, fuzzing
#      and stateful phases.
#   Tests/e2e/openapi.sh URL        (URL: a running `thumbindex serve`, e.g. http://127.0.0.1:8080/)
# Installs openapi-spec-validator and schemathesis into .build/e2e/openapi-venv when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
url="${1:?usage: Tests/e2e/openapi.sh URL}"
url="${url%/}"
spec=Sources/ThumbIndexServer/OpenAPI/openapi.json
venv=.build/e2e/openapi-venv
if [ ! -x "$venv/bin/schemathesis" ] || [ ! -x "$venv/bin/openapi-spec-validator" ]; then
  echo "==> installing openapi-spec-validator and schemathesis into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check openapi-spec-validator schemathesis
fi

"$venv/bin/openapi-spec-validator" "$spec"
curl -sf "$url/openapi.json" | cmp -s - "$spec" || { echo "openapi: /openapi.json is not $spec" >&2; exit 1; }
echo "$url/openapi.json is $spec"

# A fixed seed: the same cases every run (a failure reproduces); 200 examples per operation.
"$venv/bin/schemathesis" run "$url/openapi.json" --checks all --max-examples 200 --workers 2 \
  --seed 20261123 --no-color 2>&1 | tail -n 25
exit "${PIPESTATUS[0]}"
