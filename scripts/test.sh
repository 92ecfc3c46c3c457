#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, checks the layer rule and
# the declared dependencies against the imports (scripts/check-imports.sh), builds everything with
# zero warnings allowed, runs every test, then the extra checks of scripts/ci-extra.sh. Peer cross-checks (ndeflib, vobject, OpenSSL, pcscd)
# are required here: a missing peer fails the run instead of skipping silently.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-test-deps.sh

export TAPCARD_REQUIRE_PEERS=1
log=$(mktemp)
# The SUN counter store's PostgreSQL server (scripts/postgres-test-server.sh): private socket, no
# TCP, stopped and removed on any exit, passed to the tests (and to ci-extra's sanitizer runs) in
# TAPCARD_TEST_POSTGRES.
postgres_dir=$(mktemp -d /tmp/tapcard-pg.XXXXXX)
cleanup() {
    rm -f "$log"
    if [ -d "$postgres_dir/data" ]; then bash scripts/postgres-test-server.sh stop "$postgres_dir" || true; fi
    rm -rf "$postgres_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo "== scripts/postgres-test-server.sh start"
TAPCARD_TEST_POSTGRES=$(bash scripts/postgres-test-server.sh start "$postgres_dir")
export TAPCARD_TEST_POSTGRES
echo "== scripts/check-imports.sh"
bash scripts/check-imports.sh
echo "== scripts/check-store-readiness.sh"
bash scripts/check-store-readiness.sh
echo "== scripts/check-doc-links.sh"
bash scripts/check-doc-links.sh
echo "== swift build --build-tests"
if ! swift build --build-tests 2>&1 | tee "$log"; then
    echo "build failed" >&2
    exit 1
fi
if grep -E "(^|: )warning: " "$log" >/dev/null; then
    echo "the build printed warnings (the house rule is zero):" >&2
    grep -E "(^|: )warning: " "$log" | sort -u >&2
    exit 1
fi
# The release binary, built once here so the test that proves it ignores TAPCARD_TEST_NOW
# (ReleaseClockTests) reuses it instead of building its own. The release configuration is what
# drops the test clock (a compile-time condition); the optimizer stays off (-Onone), which takes
# about 1.5 min instead of about 5 on 2 cores.
if [ "${TAPCARD_SKIP_RELEASE_BUILD:-0}" = 0 ]; then
    echo "== swift build -c release --product tapcard -Xswiftc -Onone"
    swift build -c release --product tapcard -Xswiftc -Onone
fi
echo "== swift test"
# Every JSON document the CLI tests make a command print is kept (CheckedIO) and then checked
# against the JSON v1 schema, docs/reference/json-v1.schema.json.
json_samples=$(mktemp -d)
TAPCARD_JSON_SAMPLES="$json_samples" swift test --skip-build "$@" 2>&1 | tee "$log"
# The tag contract's conformance suite (every verb on every emulated model, tears at every command
# index in every mode) runs in-process inside the suite; its count, said once more at the end.
echo "== conformance suite: $(grep -m1 '^conformance:' "$log" | sed 's/^conformance: //')"
echo "== scripts/check-json-schema.py"
python3 scripts/check-json-schema.py --binary .build/debug/tapcard "$json_samples"
rm -rf "$json_samples"
# Every shell transcript in README.md and docs/ run against the debug binary and compared with
# what it prints (docs/development/testing.md, "Transcripts").
echo "== scripts/check-transcripts.py"
python3 scripts/check-transcripts.py .build/debug/tapcard
# The verb tables of docs/reference/verbs-by-tag-type.md, regenerated and compared word for word.
echo "== scripts/verbs-by-tag-type.sh"
bash scripts/verbs-by-tag-type.sh .build/debug/tapcard \
    | python3 scripts/verbs-by-tag-type-tables.py --check docs/reference/verbs-by-tag-type.md
echo "== scripts/check-terminal-escaping.py"
python3 scripts/check-terminal-escaping.py .build/debug/tapcard
echo "== scripts/page-browser-test.sh"
bash scripts/page-browser-test.sh .build/debug/tapcard

# Lint, the DocC build, ThreadSanitizer on the concurrent suites, the whole suite under
# AddressSanitizer, 5 s of every fuzz target (FUZZ_SECONDS; scripts/fuzz.sh alone runs 60 s each;
# 12 since the MIFARE family brought the targets to 25 and the tests to 1,662, 10 since issue 37's
# sweeps brought the test step to about 540 s: a clean clone took 27 min 45 s with the fuzz step
# cut short, so about 30 min at 12 s; this step is a smoke run, the depth is the campaign's,
# scripts/fuzz.sh campaign);
# any failure or fuzz finding fails the run.
# TAPCARD_TESTS_ONLY=1 skips them for a quick local run; CI always runs them.
if [ "${TAPCARD_TESTS_ONLY:-0}" != 1 ] || [ "${CI:-}" = true ]; then
    FUZZ_SECONDS=${FUZZ_SECONDS:-5} bash scripts/ci-extra.sh lint docs tsan asan fuzz
fi
echo "== scripts/test.sh finished in $SECONDS s"
