#!/usr/bin/env bash
# Times each test suite of the sanitizers' scope alone under AddressSanitizer, as scripts/sanitize
# runs them (THUMBINDEX_CASE_DIVISOR=4, the same ASan/UBSan options), from a clone whose
# .build-asan a run of scripts/sanitize (or .ci/run) has built:
#   asan_suite_times.sh CLONE > asan-suite-times.txt
# One line per suite: name, wall seconds, user CPU seconds, system CPU seconds, failed tests.
# suites.txt lists every suite; the server's and the PostgreSQL store's (not in this scope) and the CLI's (skipped there) are left out.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$1"
export THUMBINDEX_TESTS=library THUMBINDEX_CASE_DIVISOR=4
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
TIMEFORMAT='%R %U %S'
flags=(--scratch-path .build-asan --sanitize=address -Xcxx -fsanitize=undefined -Xcxx -fno-sanitize-recover=undefined -Xcxx -fno-omit-frame-pointer)
out=$(mktemp)
grep -v -E "ThumbIndexServerTests|ThumbIndexPostgresStoreTests|ListCLITests|FilterCLITests|StoreCLITests|PhoneticCLITests" "$here/suites.txt" | while read -r suite; do
  t=$( { time swift test "${flags[@]}" --disable-xctest --skip-build --filter "^${suite}/" > "$out" 2>&1; } 2>&1 )
  echo "$suite $t fails=$(grep -c '✘' "$out" || true)"
done
rm -f "$out"
