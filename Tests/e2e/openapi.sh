#!/usr/bin/env bash
# The API against its contract: Sources/ThumbIndexServer/OpenAPI/openapi.json is
#   1. a valid OpenAPI 3.1 document (openapi-spec-validator),
#   2. what the running server serves at /openapi.json, byte for byte,
#   3. held against the running servers by schemathesis, with examples, coverage, fuzzing and
#      stateful phases:
#      - the reads (GET) on URL, a read-only `thumbindex serve`, with every check (no 5xx,
#        documented statuses and content types, answers that conform to their schemas, bad input
#        refused and good input accepted, 405 for undeclared methods);
#      - every operation, writes included, on WRITE_URL (`thumbindex serve --store`, whose token is
#        in TOKEN_FILE), with every check but "valid input is accepted": the schema cannot say
#        exactly what the server refuses with 400 (a blank text, more than 4096 UTF-8 bytes, a
#        control character, an id one batch gives twice, a locale ICU has no data for).
#      (Writes on a read-only server answer 403 whatever the Authorization header, as the server
#      promises, which schemathesis's "missing header gives 401" check would flag; the Swift tests
#      hold that case.)
#   Tests/e2e/openapi.sh URL [WRITE_URL TOKEN_FILE]
#   Tests/e2e/openapi.sh --install    # only the install below (scripts/e2e --prepare)
# Installs openapi-spec-validator and schemathesis into .build/e2e/openapi-venv when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/e2e/openapi-venv
if [ ! -x "$venv/bin/schemathesis" ] || [ ! -x "$venv/bin/openapi-spec-validator" ]; then
  echo "==> installing openapi-spec-validator and schemathesis into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check openapi-spec-validator schemathesis
fi
[ "${1:-}" = "--install" ] && exit 0
url="${1:?usage: Tests/e2e/openapi.sh URL [WRITE_URL TOKEN_FILE]}"
url="${url%/}"
write_url="${2:-}"
write_url="${write_url%/}"
token_file="${3:-}"
spec=Sources/ThumbIndexServer/OpenAPI/openapi.json

# With dialpad=1 only a `q` a keypad can type is valid, which OpenAPI cannot say: the hooks keep
# such generated queries to digits (see Tests/e2e/schemathesis_hooks.py).
export PYTHONPATH="$PWD/Tests/e2e${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=schemathesis_hooks

"$venv/bin/openapi-spec-validator" "$spec"
curl -sf "$url/openapi.json" | cmp -s - "$spec" || { echo "openapi: /openapi.json is not $spec" >&2; exit 1; }
echo "$url/openapi.json is $spec"

# A fixed seed: the same cases every run (a failure reproduces); 200 examples per operation. One
# worker: hypothesis's description of filters is not thread-safe (a runtime error seen with two).
"$venv/bin/schemathesis" run "$url/openapi.json" --include-method GET --checks all --max-examples 200 \
  --workers 1 --seed 20261123 --no-color 2>&1 | tail -n 25
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1

if [ -n "$write_url" ]; then
  curl -sf "$write_url/openapi.json" | cmp -s - "$spec" || { echo "openapi: $write_url/openapi.json is not $spec" >&2; exit 1; }
  "$venv/bin/schemathesis" run "$write_url/openapi.json" --checks all --exclude-checks positive_data_acceptance \
    -H "Authorization: Bearer $(cat "$token_file")" --max-examples 100 --workers 1 --seed 20261123 \
    --no-color 2>&1 | tail -n 25
  exit "${PIPESTATUS[0]}"
fi
