#!/usr/bin/env bash
# The architecture as the build sees it (issue 13 item 6), checked against the sources:
#   1. every `import X` of a package module in a target's Swift sources names a dependency the
#      target declares in Package.swift (`@testable import` and imports inside `#if canImport(…)`
#      count like any other; lines inside multi-line string literals do not);
#   2. every dependency a target declares is imported by at least one of its Swift files (a
#      target without Swift sources, such as the C fuzz driver, only links, and is skipped);
#   3. the `tapcard` product links neither the CoreNFC adapter, nor the CoreNFC stand-in under
#      Tests/StandIns, nor the phone's view models, through any path, on any platform.
# Then it proves that these checks and the manifest's own layer rule bite: it breaks each rule
# once on a copy (an unused and an undeclared dependency, the CLI depending on ViewModels, an
# upward dependency, a dependency the design forbids) and fails unless every copy is refused.
#
# Why not `swift build --explicit-target-dependency-import-check error`: on this toolchain (SwiftPM
# 6.3) it compares imports with each target's *recursive* dependencies (BuildDescription's
# targetDependencyMap), so importing a module reachable through another dependency, the case
# that matters here, passes; tried on a three-target package, it reported nothing.
#
# usage: scripts/check-imports.sh            check, then self-test (about 10 s)
#        scripts/check-imports.sh --no-self-test
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The products whose closure must stay clear of the phone's side, and what must not be in it.
forbidden_in_tapcard=(CoreNFC CoreNFCTransport ViewModels)

# Module imports of one target's Swift files, one "module<TAB>file:line" per line.
imports_of() {
    find "$1" -name '*.swift' -print0 | sort -z | xargs -0 -r awk '
        FNR == 1 { in_string = 0 }
        {
            line = $0
            quotes = gsub(/"""/, "&", line)
            if (!in_string && match(line, /^[ \t]*(@[A-Za-z_]+(\([^)]*\))?[ \t]+)*import[ \t]+((typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?[A-Za-z_][A-Za-z0-9_]*/)) {
                statement = substr(line, RSTART, RLENGTH)
                sub(/.*import[ \t]+((typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?/, "", statement)
                print statement "\t" FILENAME ":" FNR
            }
            if (quotes % 2 == 1) in_string = !in_string
        }'
}

# Checks one `swift package dump-package` JSON; prints one line per problem, returns 1 if any.
check_dump() {
    local dump=$1 out
    out=$(mktemp -d "$work/check.XXXX")
    jq -r '.targets[].name' "$dump" >"$out/modules"
    jq -r '.targets[] | .name as $target | .dependencies[]
        | [$target, ((.byName // .target // .product) | .[0])] | @tsv' "$dump" >"$out/declared"
    : >"$out/imports"
    : >"$out/swift-targets"
    while IFS=$'\t' read -r name path; do
        if [ ! -d "$path" ]; then
            echo "Package.swift: $name names the path $path, which does not exist" >>"$out/problems"
            continue
        fi
        find "$path" -name '*.swift' -print -quit | grep -q . && echo "$name" >>"$out/swift-targets"
        imports_of "$path" | awk -v target="$name" '{ print target "\t" $0 }' >>"$out/imports"
    done < <(jq -r '.targets[] | select(.type != "system" and .type != "binary")
        | [.name, (.path // ((if .type == "test" then "Tests/" else "Sources/" end) + .name))] | @tsv' "$dump")
    # 1. Imports of package modules that the target does not declare; 2. declared dependencies
    # that no Swift file of the target imports (targets without Swift sources only link).
    awk -F'\t' '
        FILENAME == ARGV[1] { module[$1] = 1; next }
        FILENAME == ARGV[2] { declared[$1 "\t" $2] = 1; next }
        FILENAME == ARGV[3] { swift[$1] = 1; next }
        FILENAME == ARGV[4] {
            used[$1 "\t" $2] = 1
            if ($2 != $1 && ($2 in module) && !(($1 "\t" $2) in declared))
                print $3 ": " $1 " imports " $2 " but does not declare it in Package.swift"
            next
        }
        END {
            for (pair in declared) {
                split(pair, part, "\t")
                if ((part[1] in swift) && !(pair in used))
                    print "Package.swift: " part[1] " declares " part[2] ", but none of its Swift files imports it"
            }
        }' "$out/modules" "$out/declared" "$out/swift-targets" "$out/imports" >>"$out/problems"
    # 3. What the tapcard product links, through every dependency (conditions included: the Linux
    # binary is the one that would link the stand-in).
    if jq -e '.products[] | select(.name == "tapcard")' "$dump" >/dev/null; then
        jq -r '
            (.targets | map({key: .name, value: [.dependencies[] | (.byName // .target // .product) | .[0]]})
                | from_entries) as $deps
            | def reach($seen): ($seen + [$seen[] | ($deps[.] // [])[]] | unique) as $next
                | if $next == $seen then $seen else reach($next) end;
            reach([.products[] | select(.name == "tapcard") | .targets[]]) | .[]' "$dump" >"$out/closure"
        for module in "${forbidden_in_tapcard[@]}"; do
            if grep -qx -- "$module" "$out/closure"; then
                echo "Package.swift: the tapcard product links $module; the CLI must not reach the phone's side (CoreNFC adapter, stand-in, view models)" >>"$out/problems"
            fi
        done
    fi
    [ -s "$out/problems" ] || return 0
    sort -u "$out/problems"
    return 1
}

dump() { swift package dump-package 2>"$work/dump.log" || { cat "$work/dump.log" >&2; return 1; }; }

status=0
echo "== imports against declared dependencies"
dump >"$work/package.json"
TAPCARD_FUZZ=1 dump >"$work/package-fuzz.json"
for manifest in package package-fuzz; do
    if ! check_dump "$work/$manifest.json"; then status=1; fi
done | sort -u | tee "$work/problems.txt"
[ -s "$work/problems.txt" ] && status=1
targets=$(jq '.targets | length' "$work/package-fuzz.json")
[ $status -eq 0 ] && echo "imports: $targets targets, every import declared and every declared dependency imported; tapcard links none of ${forbidden_in_tapcard[*]}"

[ "${1:-}" = "--no-self-test" ] && exit $status

echo "== self-test: the checks refuse a broken copy"
fail() { echo "self-test: $*" >&2; status=1; }
# A dependency nobody imports, and an import nobody declared.
jq '(.targets[] | select(.name == "TagCatalog") | .dependencies) += [{"byName": ["Originality", null]}]
    | (.targets[] | select(.name == "Type2") | .dependencies) |= map(select((.byName // [""])[0] != "TagCatalog"))' \
    "$work/package.json" >"$work/broken-imports.json"
out=$(check_dump "$work/broken-imports.json" || true)
grep -q "TagCatalog declares Originality, but none of its Swift files imports it" <<<"$out" || fail "an unused dependency was not reported"
grep -q "Type2 imports TagCatalog but does not declare it" <<<"$out" || fail "an undeclared import was not reported"
# The CLI reaching the view models again.
jq '(.targets[] | select(.name == "TapCardCLI") | .dependencies) += [{"byName": ["ViewModels", null]}]' \
    "$work/package.json" >"$work/broken-closure.json"
out=$(check_dump "$work/broken-closure.json" || true)
grep -q "the tapcard product links CoreNFCTransport" <<<"$out" || fail "the CLI reaching CoreNFCTransport was not reported"
grep -q "the tapcard product links CoreNFC;" <<<"$out" || fail "the CLI reaching the CoreNFC stand-in was not reported"

# The manifest refuses to load with an upward or a forbidden dependency: each copy of Package.swift
# adds one dependency just before the manifest checks itself, and must fail to load with the
# sentence that names both targets.
refused() {
    local target=$1 added=$2 expected=$3 copy="$work/manifest-$1-$2"
    mkdir -p "$copy"
    ln -s "$PWD/Sources" "$PWD/Tests" "$PWD/Fuzz" "$copy/"
    awk -v edge="layered.first { \$0.target.name == \"$target\" }!.target.dependencies.append(\"$added\")" '
        /^checkArchitecture\(layered\)$/ { print edge }
        { print }' Package.swift >"$copy/Package.swift"
    if cmp -s Package.swift "$copy/Package.swift"; then
        fail "could not add $target → $added to a copy of Package.swift (no line 'checkArchitecture(layered)')"
        return
    fi
    if (cd "$copy" && swift package dump-package >"$copy/out.json" 2>"$copy/out.log"); then
        fail "Package.swift loaded with $target depending on $added"
    elif ! grep -qF "$expected" "$copy/out.log"; then
        fail "Package.swift refused $target → $added without the expected sentence ('$expected'):"
        grep -i "fatal error" "$copy/out.log" >&2 || tail -5 "$copy/out.log" >&2
    else
        echo "refused: $(grep -o 'Fatal error: .*' "$copy/out.log" | head -1)"
    fi
}
refused TagCatalog Store "TagCatalog (layer 2, tag mappings) depends on Store (layer 3, transports and persistence)"
refused TagEmulator Type2 "TagEmulator must not depend on Type2"
refused TapCardCLI ViewModels "TapCardCLI must not depend on CoreNFCTransport"
[ $status -eq 0 ] && echo "self-test: every broken copy was refused"
exit $status
