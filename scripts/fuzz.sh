#!/usr/bin/env bash
# Coverage-guided fuzzing of every TapCard parser with libFuzzer (+ AddressSanitizer).
#
#   scripts/fuzz.sh                 every target, 60 s each
#   scripts/fuzz.sh ndef            one target, 60 s
#   scripts/fuzz.sh ndef 600        one target, 10 minutes (the documented longer run)
#   scripts/fuzz.sh all 5           every target, 5 s each
#   scripts/fuzz.sh --list          the target names
#
# The build lives in .build-fuzz (never the normal .build). Seeds come from Fuzz/Corpus/<target>/
# (checked in); what libFuzzer discovers goes to .build-fuzz/corpus/<target>/ and survives between
# runs. A crash, a sanitizer report or a broken invariant stops that target, leaves the input in
# .build-fuzz/findings/<target>/ and makes the script exit 1 after the other targets ran. Turn
# every finding into a regression input under Tests/Fixtures/fuzz-regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-all}
seconds=${2:-60}
if [[ "$target" =~ ^[0-9]+$ ]]; then
    seconds=$target
    target=all
fi

scratch=.build-fuzz
# The fuzzer runtime without its own `main`: our C driver (Fuzz/Driver/main.c) owns `main` and
# calls LLVMFuzzerRunDriver. libFuzzer is C++, hence libstdc++.
runtime="$(clang --print-resource-dir)/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a"
if [ ! -f "$runtime" ]; then
    echo "fuzz.sh: libFuzzer runtime not found at $runtime" >&2
    exit 69
fi

build_start=$(date +%s.%N)
# Swift code gets libFuzzer's coverage (edges, comparisons for value profiling, counters) and ASan;
# `-sanitize=fuzzer` itself would also link libFuzzer's `main`, which clashes with ours.
build_log="$(mktemp)"
trap 'rm -f "$build_log"' EXIT
build_status=0
TAPCARD_FUZZ=1 swift build --scratch-path "$scratch" --product tapcard-fuzz \
    -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xcc -fsanitize=fuzzer-no-link,address \
    -Xlinker "$runtime" -Xlinker -lstdc++ >"$build_log" 2>&1 || build_status=$?
# lld lists every ASan helper it cannot export; that noise says nothing about our code.
grep -v -E "Cannot export local symbol '__asan" "$build_log" || true
if [ "$build_status" -ne 0 ]; then
    echo "fuzz.sh: the fuzz driver did not build" >&2
    exit 1
fi
binary="$scratch/debug/tapcard-fuzz"
printf "== fuzz build: %.1f s\n" "$(echo "$(date +%s.%N) - $build_start" | bc)"

if [ "$target" = "--list" ]; then
    "$binary" --list
    exit 0
fi
if [ "$target" = all ]; then
    mapfile -t targets < <("$binary" --list)
else
    targets=("$target")
fi

# The Swift runtime's own crash backtracer hangs under ASan + libFuzzer: let the sanitizer report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}
# A fixed seed by default, so a CI run replays the same mutations (a slower machine runs a prefix
# of them); FUZZ_SEED=0 lets libFuzzer pick one, for exploratory runs. Targets run FUZZ_JOBS at a
# time (default: the number of cores), each on one core.
fuzz_seed=${FUZZ_SEED:-1}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
results_dir="$scratch/results"
rm -rf "$results_dir" && mkdir -p "$results_dir"

run_target() {
    local name=$1
    local corpus="$scratch/corpus/$name" findings="$scratch/findings/$name" seeds="Fuzz/Corpus/$name"
    mkdir -p "$corpus" "$findings"
    local log="$scratch/fuzz-$name.log"
    local dirs=("$corpus")
    [ -d "$seeds" ] && dirs+=("$seeds")
    local status=0
    # The first corpus directory receives new inputs; the checked-in seeds are read only.
    "$binary" "$name" -seed="$fuzz_seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len=8192 -use_value_profile=1 -print_final_stats=1 -artifact_prefix="$findings/" "${dirs[@]}" \
        >"$log" 2>&1 || status=$?
    local runs cov rate result
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
    rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' | tail -1)
    if [ "$status" -eq 0 ]; then
        result=ok
    else
        result="FINDING (exit $status, log $log, input in $findings/)"
    fi
    printf "%-14s %8s %10s %8s %6s  %s\n" "$name" "$seconds" "${runs:-?}" "${rate:-?}" "${cov:-?}" "$result" \
        >"$results_dir/$name"
    if [ "$status" -ne 0 ]; then
        grep -E 'ERROR|fatal|invariant|SUMMARY|Fatal error' "$log" | head -10 | sed 's/^/    /' >>"$results_dir/$name"
        return 1
    fi
}

failed=()
printf "%-14s %8s %10s %8s %6s  %s (seed %s, %s at a time)\n" target seconds runs exec/s cov result "$fuzz_seed" "$jobs"
pids=()
names=()
for name in "${targets[@]}"; do
    run_target "$name" &
    pids+=($!)
    names+=("$name")
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || failed+=("${names[0]}")
        cat "$results_dir/${names[0]}"
        pids=("${pids[@]:1}")
        names=("${names[@]:1}")
    fi
done
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed+=("${names[$i]}")
    cat "$results_dir/${names[$i]}"
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: findings in: ${failed[*]}" >&2
    exit 1
fi
