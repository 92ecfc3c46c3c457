#!/usr/bin/env bash
# The release build of the `tapcard` CLI, as we ship it and as `tapcard bench` should measure it.
#
#   scripts/build-release.sh        → .build/release/tapcard
#
# On Linux the Swift runtime and Foundation are linked statically (--static-swift-stdlib): the
# binary then loads 6 shared libraries instead of 21 and starts about 5 ms sooner (docs/development/
# benchmarks.md), and runs on a machine without a Swift toolchain. It is linked with lld, which does
# not repeat glibc's link-time note about `mktemp` inside the static Foundation archive. On macOS
# the Swift runtime is part of the OS, so it is a plain release build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)" = Linux ]; then
    swift build -c release --product tapcard --static-swift-stdlib -Xswiftc -use-ld=lld "$@"
else
    swift build -c release --product tapcard "$@"
fi
