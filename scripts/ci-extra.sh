#!/usr/bin/env bash
# The checks beyond the test suite (issue 8), each timed:
#   1. lint     swift format lint --strict over Sources, Tests and Fuzz
#   2. docs     symbol graphs from a debug build, then `docc convert --warnings-as-errors` for every
#               public module's Documentation.docc
#   3. tsan     the concurrent suites (Store, the CoreNFC adapter, PC/SC) under ThreadSanitizer
#   4. asan     the whole test suite under AddressSanitizer
#   5. fuzz     every fuzz target for FUZZ_SECONDS (default 60) with no finding
# Each step has its own scratch path (.build-docs, .build-tsan, .build-asan, .build-fuzz), so none invalidates
# the normal .build. Budget: 30 minutes on 2 cores; the step times are printed at the end.
#
#   scripts/ci-extra.sh                 every step
#   scripts/ci-extra.sh lint docs       only these steps
#   FUZZ_SECONDS=5 scripts/ci-extra.sh fuzz
set -uo pipefail
cd "$(dirname "$0")/.."

steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(lint docs tsan asan fuzz)
fuzz_seconds=${FUZZ_SECONDS:-60}

# The public modules (the TapCardKit product) and where their sources live, lower layers first:
# each archive is built with the ones before it as dependencies, so a documentation link to another
# module's symbol, written ``/Module/Symbol``, resolves (and a wrong one fails the build).
modules=(
    Ciphers:Support/Ciphers SUN:TagMappings/SUN TagFrames:Codecs/TagFrames
    TagCatalog:TagMappings/TagCatalog TagTransport:Transports/TagTransport NDEF:Codecs/NDEF
    Contacts:Codecs/Contacts QRCode:Codecs/QRCode MessageRendering:Codecs/MessageRendering Type4:TagMappings/Type4 Originality:TagMappings/Originality TLVArea:TagMappings/TLVArea
    Type2:TagMappings/Type2 Type5:TagMappings/Type5 Type3:TagMappings/Type3 MIFAREClassic:TagMappings/MIFAREClassic
    TagEmulator:Transports/Emulator PCSCTransport:Transports/PCSC CoreNFCTransport:Transports/CoreNFC
    Store:Persistence/Store TagWorkflows:Workflows/TagWorkflows Cards:Workflows/Cards CardPage:Workflows/CardPage
    Focus:Workflows/Focus
    FocusSessions:Workflows/FocusSessions TagInventory:Workflows/TagInventory Benchmarks:Workflows/Benchmarks
    ViewModels:FrontEnds/ViewModels CommandLineKit:FrontEnds/CommandLineKit
)

# Suites that run work on several threads or tasks: the store (concurrent readers), the CoreNFC
# adapter (settle-once callbacks), PC/SC (reader polling), the tag-file lock (tasks waiting on one
# file, in-process and through the CLI). A name that matches no test is harmless.
tsan_filter=${TSAN_FILTER:-'(StoreTests|CoreNFCTransportTests|PCSCTransportTests|TagFileLockTests|TagFileLockCLITests)\.'}

lint() {
    swift format lint --strict -r Sources Tests Fuzz
}

docs() {
    local scratch=.build-docs graphs=.build-docs/symbol-graphs
    # Graphs are written when a module compiles; an up-to-date module keeps the graphs it wrote.
    mkdir -p "$graphs"
    swift build --scratch-path "$scratch" --target TapCardCLI \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public || return 1
    swift build --scratch-path "$scratch" --target ViewModels \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public || return 1
    # MIFAREClassic is no dependency of either yet (issue 28 adds its front ends later): its own graph.
    swift build --scratch-path "$scratch" --target MIFAREClassic \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public || return 1
    local failed=0 dependencies=()
    for entry in "${modules[@]}"; do
        local module=${entry%%:*} path=Sources/${entry#*:}
        local catalog="$path/Documentation.docc" own="$scratch/graphs-$module"
        if [ ! -d "$catalog" ]; then
            echo "docs: $module has no $catalog" >&2
            failed=1
            continue
        fi
        # The module's own graph and its extensions of other modules (Module@Other.symbols.json).
        rm -rf "$own" && mkdir -p "$own"
        cp "$graphs/$module.symbols.json" "$own/" 2>/dev/null || true
        cp "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
        rm -rf "$scratch/$module.doccarchive"
        if ! docc convert "$catalog" --fallback-display-name "$module" \
            --fallback-bundle-identifier "org.tapcard.$module" --additional-symbol-graph-dir "$own" \
            --output-path "$scratch/$module.doccarchive" --warnings-as-errors \
            --enable-experimental-external-link-support "${dependencies[@]}" \
            >"$scratch/docc-$module.log" 2>&1; then
            echo "docs: docc convert failed for $module:" >&2
            grep -E "warning|error" "$scratch/docc-$module.log" | head -20 >&2
            failed=1
        else
            echo "docs: $module ok ($(find "$scratch/$module.doccarchive/data/documentation" -name '*.json' | wc -l) pages)"
            dependencies+=(--dependency "$scratch/$module.doccarchive")
        fi
    done
    return $failed
}

# The sanitizer builds keep line tables only (-gline-tables-only): a report still names file and
# line, and the build skips full debug info and the debugger's AST sections (on 2 cores the ASan
# build took 306 s instead of 364 s, 2026-12-07).
sanitizer_debug_info=(-Xswiftc -gline-tables-only)

tsan() {
    swift build --build-tests --scratch-path .build-tsan --sanitize=thread "${sanitizer_debug_info[@]}" || return 1
    TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1} \
        swift test --skip-build --scratch-path .build-tsan --sanitize=thread "${sanitizer_debug_info[@]}" \
        --filter "$tsan_filter"
}

# The whole suite under AddressSanitizer (about 4 minutes on 2 cores, build included). Leak
# detection is off: the Swift runtime's own one-time allocations would be reported.
asan() {
    swift build --build-tests --scratch-path .build-asan --sanitize=address "${sanitizer_debug_info[@]}" || return 1
    # Bounded: a sanitizer report aborts the test process, and `swift test` was seen to wait on it
    # for 17 minutes instead of failing (session 8). The whole suite takes about 400 s under ASan
    # on 2 cores; 15 minutes means something hangs, and the step fails with the timeout's status.
    # The format and lock tear sweep (ManagementConformanceTests, about 6,700 tear points, each
    # followed by a full rerun) is the suite's one long, pure-Swift loop over the emulators the
    # write sweep already runs under ASan; it runs in the test step, not again here, to keep CI
    # inside its 30 minutes. Since issue 38 and 39 added a PostgreSQL server, the transcript and
    # schema checks, the tag contract's write and erase sweep (ConformanceSuiteTests, 12,000 tear
    # points) runs in the test step only too, and so do copy's 252 CLI tears and the starting-state
    # catalog (a clean clone on 2026-12-07 took 1,919 s with ASan at 636 s while another build ran);
    # the tearing suites of each driver still run here. So does the QR agreement with zxing
    # (ZXingAgreementTests, pure Swift against a Python decoder: 179 s of the 180-s run alone).
    local status=0
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1} \
        timeout --kill-after=30 900 swift test --skip-build --scratch-path .build-asan --sanitize=address \
        "${sanitizer_debug_info[@]}" \
        --skip "ManagementConformanceTests|ProtectionConformanceTests|IrreversibleTearCommandTests|ConformanceSuiteTests|CopyCommandTests|StartingStateCatalogTests|ZXingAgreementTests" || status=$?
    [ "$status" -eq 124 ] && echo "asan: swift test did not finish in 900 s (a sanitizer report can leave it waiting): failed"
    return "$status"
}

fuzz() {
    bash scripts/fuzz.sh all "$fuzz_seconds"
}

declare -A seconds
declare -A results
overall=0
for step in "${steps[@]}"; do
    case "$step" in lint | docs | tsan | asan | fuzz) ;; *)
        echo "ci-extra: unknown step '$step' (lint, docs, tsan, asan, fuzz)" >&2
        exit 64
        ;;
    esac
    echo "== $step"
    start=$(date +%s)
    if "$step"; then results[$step]=ok; else results[$step]=FAILED overall=1; fi
    seconds[$step]=$(($(date +%s) - start))
    echo "== $step: ${results[$step]} in ${seconds[$step]} s"
done

echo
echo "ci-extra summary (budget 1800 s):"
total=0
for step in "${steps[@]}"; do
    printf "  %-6s %-7s %6d s\n" "$step" "${results[$step]}" "${seconds[$step]}"
    total=$((total + seconds[$step]))
done
printf "  %-6s %-7s %6d s\n" total "" "$total"
if [ "$total" -gt 1800 ]; then
    # Reported, not failed: the budget is for the whole CI run on an unloaded 2-core machine, and
    # a loaded machine is not a defect in the code under test.
    echo "ci-extra: warning: over the 30-minute budget" >&2
fi
exit $overall
