#!/usr/bin/env bash
# Instruction counts with valgrind's callgrind: repeatable on a noisy machine, unlike wall time.
# Profile before optimizing: this shows where `tapcard` spends its instructions for
#   1. start-up (`tapcard --version`, against /bin/true), and
#   2. bulk decoding (`tapcard decode --jsonl` over the seeded bench corpus, as bench-peers.sh).
#
#   scripts/profile.sh              5 000 messages, top 8 functions each
#   MESSAGES=20000 TOP=15 scripts/profile.sh
#
# Needs valgrind (apt install valgrind). Uses the shipped release build (scripts/build-release.sh).
# The raw profiles stay in .build/profile/ for callgrind_annotate or kcachegrind.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || {
    echo "profile.sh: valgrind is missing (apt install valgrind)" >&2
    exit 69
}
messages=${MESSAGES:-5000}
top=${TOP:-8}
scripts/build-release.sh >/dev/null
tapcard=.build/release/tapcard
out=.build/profile
mkdir -p "$out"

instructions() { # callgrind output file → total instructions
    callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ && !done {gsub(",", "", $1); print $1; done = 1}'
}
hotspots() { # callgrind output file → the top functions: share of instructions, then the name
    callgrind_annotate --threshold=100 "$1" 2>/dev/null | awk -v top="$top" '
        /file:function/ { listing = 1; getline; next }
        listing && NF && count < top {
            match($0, /\( *[0-9.]+%\)/); share = substr($0, RSTART + 1, RLENGTH - 2); gsub(/ /, "", share)
            name = substr($0, RSTART + RLENGTH); sub(/^ +/, "", name); sub(/ \[.*$/, "", name)
            sub(/^.*\/Sources\//, "Sources/", name)
            printf "    %7s  %s\n", share, name; count++
        }' | demangle | cut -c1-150
}
demangle() { # Swift symbols as people read them, when the toolchain's demangler is there
    if swift demangle --help >/dev/null 2>&1; then swift demangle --simplified; else cat; fi
}

valgrind --tool=callgrind --callgrind-out-file="$out/true.cg" /bin/true 2>/dev/null
valgrind --tool=callgrind --callgrind-out-file="$out/version.cg" "$tapcard" --version >/dev/null 2>&1
echo "start-up: tapcard --version $(instructions "$out/version.cg") instructions, /bin/true $(instructions "$out/true.cg")"
hotspots "$out/version.cg"

"$tapcard" bench --emit-corpus --messages "$messages" >"$out/corpus.hex"
valgrind --tool=callgrind --callgrind-out-file="$out/decode.cg" "$tapcard" decode --jsonl \
    <"$out/corpus.hex" >/dev/null 2>&1
total=$(instructions "$out/decode.cg")
echo "decode --jsonl: $total instructions for $messages messages ($((total / messages)) per message, start-up included)"
hotspots "$out/decode.cg"
