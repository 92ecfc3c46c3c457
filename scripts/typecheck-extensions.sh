#!/usr/bin/env bash
# Type-checks the app's extensions (AppExtensions/*, each with App/Shared) against a prepared iOS
# SDK, with the flags ../shared/ios-typecheck/typecheck-app.sh uses for App/ (that script takes one
# app folder; each extension is its own module). The extensions link no package module.
# usage: scripts/typecheck-extensions.sh   (IOS_SDK, SWIFT_TARGET, IOS_MODULE_CACHE, IOS_RESOURCE_DIR
#        as for typecheck-app.sh; defaults: the iOS 17.0 SDK)
set -u
cd "$(dirname "$0")/.."
SDK=${IOS_SDK:-/tmp/iossdk/iPhoneOS17.0.sdk}; RES=${IOS_RESOURCE_DIR:-/tmp/iosres}; CACHE=${IOS_MODULE_CACHE:-/tmp/ioscache}
BASELINE=${IOS_TYPECHECK_DIR:-../shared/ios-typecheck}/sdk-baseline.txt
[ -d "$SDK" ] && [ -d "$RES" ] || { echo "no prepared iOS SDK at $SDK (run setup-sdk.sh first)"; exit 2; }
FLAGS=(-target "${SWIFT_TARGET:-arm64-apple-ios17.0}" -sdk "$SDK" -resource-dir "$RES" -module-cache-path "$CACHE"
       -Xcc -iapinotes-modules -Xcc "$RES/apinotes" -swift-version 6 -I "$RES/shims")
OUT=$(mktemp -d /tmp/ios-ext-typecheck.XXXX)
fail=0
for dir in AppExtensions/*/; do
  name=$(basename "$dir")
  files=$(find "$dir" App/Shared -name '*.swift' | sort)
  swiftc -typecheck -parse-as-library -module-name "$name" "${FLAGS[@]}" $files >"$OUT/$name.log" 2>&1
  errs=$(grep -E "error:" "$OUT/$name.log" | grep -v '^ *[0-9]* |' | sort -u | { [ -f "$BASELINE" ] && grep -v -F -f "$BASELINE" || cat; })
  warnings=$(grep -v '^ *[0-9]* |' "$OUT/$name.log" | grep -c 'warning:')
  if [ -z "$errs" ] && [ "$warnings" -eq 0 ]; then echo "ok      $name ($(echo "$files" | wc -l) files, 0 warnings)"
  else echo "FAILED  $name ($warnings warnings)"; echo "$errs" | head -20; grep -v '^ *[0-9]* |' "$OUT/$name.log" | grep 'warning:' | head; fail=1; fi
done
echo "logs in $OUT"
exit $fail
