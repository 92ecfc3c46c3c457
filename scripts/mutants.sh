#!/usr/bin/env bash
# Mutation testing: does the test suite notice when one line of the code is wrong?
#
#   scripts/mutants.sh                    every mutation in Tests/Mutants/mutants.tsv
#   scripts/mutants.sh sun-mac-seven-bytes type3-block0-readonly    only these ids
#   scripts/mutants.sh --grep type5       ids containing "type5"
#   scripts/mutants.sh --list             the ids, files and expectations
#
# Each mutation is one literal replacement in one file (the `find` text must occur exactly once).
# One at a time: apply it, rebuild incrementally (`swift build --build-tests`), run only the
# suites the list names (`swift test --skip-build --filter …`), restore the file byte for byte,
# and record the verdict:
#   killed     a named suite failed (the tests notice)
#   survived   every named suite passed (a gap: write a test, or mark the line equivalent)
#   no-build   the mutated code does not compile (the mutation is useless: change it)
#   stale      the `find` text is not in the file exactly once (the code moved: update the list)
# Lines marked `equivalent: …` are not run (MUTANTS_RUN_EQUIVALENT=1 runs them too). The score
# is killed / (killed + survived). Exit 0 when every verdict matches the list's `expected` column
# (killed, or a documented survivor), 1 otherwise.
#
# The build lives in MUTANTS_SCRATCH (default .build-mutants, never the normal .build), so a run
# does not disturb your own builds; the first run there is a cold build. A summary goes to
# $MUTANTS_SCRATCH/mutants-summary.tsv and one log per mutation to $MUTANTS_SCRATCH/mutants/.
set -euo pipefail
cd "$(dirname "$0")/.."

list=${MUTANTS_LIST:-Tests/Mutants/mutants.tsv}
scratch=${MUTANTS_SCRATCH:-.build-mutants}
run_equivalent=${MUTANTS_RUN_EQUIVALENT:-0}
logs="$scratch/mutants"

# id, file, find, replace, suites, expected, why — tab-separated, # comments.
mapfile -t rows < <(grep -v -E '^(#|[[:space:]]*$)' "$list")

if [ "${1:-}" = "--list" ]; then
    for row in "${rows[@]}"; do
        IFS=$'\t' read -r id file _ _ suites expected _ <<<"$row"
        printf "%-32s %-70s %s\n" "$id" "$file" "$expected"
    done
    exit 0
fi

selected=()
if [ "${1:-}" = "--grep" ]; then
    pattern=${2:?--grep needs a pattern}
    for row in "${rows[@]}"; do
        [[ "${row%%$'\t'*}" == *"$pattern"* ]] && selected+=("$row")
    done
elif [ $# -gt 0 ]; then
    for wanted in "$@"; do
        found=0
        for row in "${rows[@]}"; do
            if [ "${row%%$'\t'*}" = "$wanted" ]; then selected+=("$row"); found=1; fi
        done
        [ "$found" -eq 1 ] || { echo "mutants.sh: no mutation with id $wanted in $list" >&2; exit 64; }
    done
else
    selected=("${rows[@]}")
fi

# Every file must be clean before we start: restoring works from a copy, and a dirty file would
# make the verdict about someone else's change.
for row in "${selected[@]}"; do
    IFS=$'\t' read -r _ file _ _ _ _ _ <<<"$row"
    if ! git diff --quiet -- "$file"; then
        echo "mutants.sh: $file has uncommitted changes; commit or stash them first" >&2
        exit 1
    fi
done

mkdir -p "$logs"
backup="$(mktemp)"
current_file=""
restore() {
    if [ -n "$current_file" ]; then
        cp "$backup" "$current_file"
        # The restored file keeps a fresh timestamp so the next build recompiles it.
        touch "$current_file"
        current_file=""
    fi
}
trap 'restore; rm -f "$backup"' EXIT
trap 'exit 130' INT TERM

build() {
    swift build --build-tests --scratch-path "$scratch" >"$1" 2>&1
}

echo "== baseline build in $scratch (the first one is cold)"
start=$(date +%s)
if ! build "$logs/baseline-build.log"; then
    echo "mutants.sh: the unmutated code does not build; see $logs/baseline-build.log" >&2
    exit 1
fi
echo "   $(($(date +%s) - start)) s"

summary="$scratch/mutants-summary.tsv"
printf "id\tverdict\texpected\tseconds\n" >"$summary"
killed=0 survived=0 nobuild=0 stale=0 skipped=0 unexpected=()
printf "%-32s %-10s %-10s %6s  %s\n" id verdict expected secs file
for row in "${selected[@]}"; do
    IFS=$'\t' read -r id file find replace suites expected why <<<"$row"
    begin=$(date +%s)
    if [[ "$expected" == equivalent* ]] && [ "$run_equivalent" != 1 ]; then
        verdict=equivalent
        skipped=$((skipped + 1))
    else
        count=$(FIND="$find" python3 -c 'import os,sys; print(open(sys.argv[1]).read().count(os.environ["FIND"]))' "$file")
        if [ "$count" != 1 ]; then
            verdict=stale
            stale=$((stale + 1))
        else
            cp "$file" "$backup"
            current_file=$file
            FIND="$find" REPLACE="$replace" python3 -c '
import os, sys
path = sys.argv[1]
text = open(path).read()
open(path, "w").write(text.replace(os.environ["FIND"], os.environ["REPLACE"], 1))' "$file"
            if ! build "$logs/$id-build.log"; then
                verdict=no-build
                nobuild=$((nobuild + 1))
            else
                filters=()
                IFS=',' read -r -a names <<<"$suites"
                for name in "${names[@]}"; do filters+=(--filter "$name"); done
                if swift test --skip-build --scratch-path "$scratch" "${filters[@]}" >"$logs/$id-test.log" 2>&1; then
                    verdict=survived
                    survived=$((survived + 1))
                else
                    verdict=killed
                    killed=$((killed + 1))
                fi
            fi
            restore
        fi
    fi
    seconds=$(($(date +%s) - begin))
    short=${expected%%:*}
    printf "%-32s %-10s %-10s %6s  %s\n" "$id" "$verdict" "$short" "$seconds" "$file"
    printf "%s\t%s\t%s\t%s\n" "$id" "$verdict" "$short" "$seconds" >>"$summary"
    case "$verdict:$short" in
        killed:killed | survived:survivor | equivalent:equivalent) ;;
        *) unexpected+=("$id ($verdict, expected $short)") ;;
    esac
done

# Leave the scratch build matching the unmutated code.
build "$logs/final-build.log" || true

tested=$((killed + survived))
if [ "$tested" -gt 0 ]; then
    score=$(echo "scale=1; 100 * $killed / $tested" | bc)
else
    score="n/a"
fi
echo "== $killed killed, $survived survived, $nobuild did not build, $stale stale, $skipped equivalent (not run)"
echo "== mutation score: $killed/$tested = $score %"
if [ ${#unexpected[@]} -gt 0 ]; then
    printf "mutants.sh: not as the list expects: %s\n" "${unexpected[@]}" >&2
    exit 1
fi
