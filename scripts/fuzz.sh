#!/usr/bin/env bash
# Coverage-guided fuzzing of every TapCard parser with libFuzzer (+ AddressSanitizer).
#
#   scripts/fuzz.sh                 every target, 60 s each
#   scripts/fuzz.sh ndef            one target, 60 s
#   scripts/fuzz.sh ndef 600        one target, 10 minutes (the documented longer run)
#   scripts/fuzz.sh all 5           every target, 5 s each
#   scripts/fuzz.sh --list          the target names
#   scripts/fuzz.sh campaign        every target for FUZZ_CAMPAIGN_SECONDS (default 600) each and at
#                                   least FUZZ_CAMPAIGN_RUNS (default 10^6) executions, two at a
#                                   time, corpus kept in .fuzz-campaign/ (run it before resolving
#                                   an issue that adds or changes a parser; docs/development/fuzzing.md)
#   scripts/fuzz.sh campaign sun type2   the campaign on some targets only
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
# Where corpora, findings and logs go. A campaign keeps its own, outside the build directory (which a
# clean deletes) and outside git (.gitignore): its corpus is what makes the next campaign start
# where this one stopped.
state=$scratch
campaign=0
campaign_targets=()
if [ "$target" = campaign ]; then
    campaign=1
    shift
    campaign_targets=("$@")
    target=all
    seconds=${FUZZ_CAMPAIGN_SECONDS:-600}
    state=${FUZZ_CAMPAIGN_DIR:-.fuzz-campaign}
fi
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
# Optimised (-O, which keeps Swift's bounds and overflow checks; only assert() goes): at -Onone the
# harnesses spent most of their time in allocations and generic metadata lookups (perf, issue 29),
# and the slowest targets ran 250-800 inputs per second. FUZZ_OPTIMIZE=none builds at -Onone, for
# a machine where the cold -O build costs more than 30 s per target buys (on the CI machine of
# 2026-12-04 it took 166 s, and CI keeps -O).
optimize=-O
[ "${FUZZ_OPTIMIZE:-speed}" = none ] && optimize=-Onone
TAPCARD_FUZZ=1 swift build --scratch-path "$scratch" --product tapcard-fuzz -Xswiftc "$optimize" \
    -Xswiftc -gline-tables-only -Xswiftc -sanitize=address \
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
if [ ${#campaign_targets[@]} -gt 0 ]; then
    targets=("${campaign_targets[@]}")
elif [ "$target" = all ]; then
    mapfile -t targets < <("$binary" --list)
else
    targets=("$target")
fi

# The Swift runtime's own crash backtracer hangs under ASan + libFuzzer: let the sanitizer report.
export SWIFT_BACKTRACE=enable=no
# malloc_context_size=0: ASan records no stack for each allocation (unwinding it was a fifth of the
# time of the allocation-heavy targets). A finding keeps its own stack; to see where a freed or
# overflowed block was allocated, replay the input with ASAN_OPTIONS=...:malloc_context_size=30.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1:malloc_context_size=0}
# A fixed seed by default, so a CI run replays the same mutations (a slower machine runs a prefix
# of them); FUZZ_SEED=0 lets libFuzzer pick one, for exploratory runs. Targets run FUZZ_JOBS at a
# time (default: the number of cores), each on one core.
fuzz_seed=${FUZZ_SEED:-1}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
if [ "$campaign" -eq 1 ]; then
    # A campaign explores: a new seed each run (FUZZ_SEED=N replays one), two targets at a time so
    # a 2-core machine stays usable (FUZZ_CAMPAIGN_JOBS to change it).
    fuzz_seed=${FUZZ_SEED:-0}
    jobs=${FUZZ_CAMPAIGN_JOBS:-2}
fi
# The campaign's floor of executions per target, and the time a slow target may take to reach it.
min_runs=${FUZZ_CAMPAIGN_RUNS:-1000000}
max_seconds=${FUZZ_CAMPAIGN_MAX_SECONDS:-$((seconds * 3))}
results_dir="$state/results"
rm -rf "$results_dir" && mkdir -p "$results_dir"

run_target() {
    local name=$1
    local corpus="$state/corpus/$name" findings="$state/findings/$name" seeds="Fuzz/Corpus/$name"
    mkdir -p "$corpus" "$findings"
    local log="$state/fuzz-$name.log"
    local findings_before
    findings_before=$(find "$findings" -type f | wc -l)
    local dirs=("$corpus")
    [ -d "$seeds" ] && dirs+=("$seeds")
    local status=0 max_len
    # Each target declares its longest useful input (Fuzz/Targets/FuzzTarget.swift).
    max_len=$("$binary" --max-len "$name")
    local started elapsed runs=0 pass_runs
    started=$(date +%s)
    # The first corpus directory receives new inputs; the checked-in seeds are read only.
    "$binary" "$name" -seed="$fuzz_seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len="$max_len" -use_value_profile=1 -print_final_stats=1 -artifact_prefix="$findings/" "${dirs[@]}" \
        >"$log" 2>&1 || status=$?
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
    runs=${runs:-0}
    # A campaign gives every target its time *and* its executions: a target slower than
    # FUZZ_CAMPAIGN_RUNS / FUZZ_CAMPAIGN_SECONDS per second (type2 and vcard, on a shared 2-core
    # machine) goes on from the corpus it just grew until it has made them, within
    # FUZZ_CAMPAIGN_MAX_SECONDS in all.
    if [ "$campaign" -eq 1 ] && [ "$status" -eq 0 ] && [ "$runs" -lt "$min_runs" ]; then
        local left=$((max_seconds - ($(date +%s) - started)))
        if [ "$left" -gt 0 ]; then
            "$binary" "$name" -seed="$fuzz_seed" -runs=$((min_runs - runs)) -max_total_time="$left" -timeout=10 \
                -rss_limit_mb=2048 -max_len="$max_len" -use_value_profile=1 -print_final_stats=1 \
                -artifact_prefix="$findings/" "${dirs[@]}" >>"$log" 2>&1 || status=$?
            pass_runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
            runs=$((runs + ${pass_runs:-0}))
        fi
    fi
    elapsed=$(($(date +%s) - started))
    local cov ft rate result corpus_size new_findings
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
    ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | awk '{print $2}')
    rate=$((runs / (elapsed > 0 ? elapsed : 1)))
    corpus_size=$(find "$corpus" -type f | wc -l)
    new_findings=$(($(find "$findings" -type f | wc -l) - findings_before))
    if [ "$status" -eq 0 ]; then
        result=ok
    else
        result="FINDING (exit $status, log $log, input in $findings/)"
    fi
    if [ "$campaign" -eq 1 ]; then
        printf "%-16s %6s %11s %8s %6s %7s %7s %8s  %s\n" "$name" "$elapsed" "${runs:-?}" "${rate:-?}" \
            "${cov:-?}" "${ft:-?}" "$corpus_size" "$new_findings" "$result" >"$results_dir/$name"
    else
        printf "%-14s %8s %10s %8s %6s  %s\n" "$name" "$seconds" "${runs:-?}" "${rate:-?}" "${cov:-?}" "$result" \
            >"$results_dir/$name"
    fi
    if [ "$status" -ne 0 ]; then
        grep -E 'ERROR|fatal|invariant|SUMMARY|Fatal error' "$log" | head -10 | sed 's/^/    /' >>"$results_dir/$name"
        return 1
    fi
}

failed=()
if [ "$campaign" -eq 1 ]; then
    echo "== campaign: ${#targets[@]} targets, $seconds s and $min_runs executions each (at most $max_seconds s), $jobs at a time, corpus in $state/corpus/ (seed ${fuzz_seed/#0/random})"
    printf "%-16s %6s %11s %8s %6s %7s %7s %8s  %s\n" target secs execs exec/s cov ft corpus findings result
else
    printf "%-14s %8s %10s %8s %6s  %s (seed %s, %s at a time)\n" target seconds runs exec/s cov result "$fuzz_seed" "$jobs"
fi
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
if [ "$campaign" -eq 1 ]; then
    # The figures for an issue's closing note, with when and on what they were measured.
    {
        echo "campaign $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?), $seconds s and $min_runs executions per target (at most $max_seconds s), $jobs at a time"
        printf "%-16s %6s %11s %8s %6s %7s %7s %8s  %s\n" target secs execs exec/s cov ft corpus findings result
        for name in "${targets[@]}"; do head -1 "$results_dir/$name"; done
    } >"$state/last-campaign.txt"
    echo "== figures kept in $state/last-campaign.txt"
fi
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: findings in: ${failed[*]}" >&2
    exit 1
fi
