#!/usr/bin/env bash
# App Store readiness of the iOS app and its extensions (issue 27 item 5), read from
# App/project.yml and checked against the files it names, for every target:
#   1. every source folder, Info.plist, entitlements file and PrivacyInfo.xcprivacy exists and
#      parses as a property list;
#   2. the entitlements file holds every entitlement project.yml declares for the target, with the
#      same value, and every entitlement its capabilities need (NFC tag reading for CoreNFC,
#      Family Controls for FamilyControls/ManagedSettings/DeviceActivity, the App Group for code
#      that reads the shared defaults);
#   3. the Info.plist has the keys its capabilities need (NFCReaderUsageDescription and the ISO
#      7816 AIDs for CoreNFC; NSExtension with its point identifier for an extension);
#   4. the privacy manifest declares every "required reason" API the target's code uses, with an
#      accepted reason: UserDefaults (CA92.1 for the app's own defaults, 1C8F.1 for an App Group's),
#      system boot time (clock_gettime, systemUptime, mach_absolute_time: 35F9.1), file timestamps
#      and disk space (any reason Apple lists); the app's code includes the Swift package it links;
#   5. every app extension is embedded in the application.
# The extensions' files live in AppExtensions/ (project.yml names them as ../AppExtensions/…).
# Then it proves the checks bite: it breaks a copy of App/ and AppExtensions/ once per rule (a missing manifest, a
# missing plist key, a missing entitlement, a manifest without the UserDefaults entry, an
# extension not embedded) and fails unless every copy is refused.
#
# usage: scripts/check-store-readiness.sh              check, then self-test (a few seconds)
#        scripts/check-store-readiness.sh --no-self-test
set -euo pipefail
cd "$(dirname "$0")/.."
checker=scripts/store-readiness/check.py

python3 "$checker" App Sources
[ "${1:-}" = --no-self-test ] && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
refused=0
total=0
# Each case: a name and a Python snippet that breaks the copy (run in the copy's App folder).
breakers=(
  "monitor manifest missing|import os; os.remove('../AppExtensions/TapCardMonitor/PrivacyInfo.xcprivacy')"
  "NFC usage string missing|import plistlib; p='TapCard/Info.plist'; d=plistlib.load(open(p,'rb')); d.pop('NFCReaderUsageDescription'); plistlib.dump(d, open(p,'wb'))"
  "family controls entitlement missing|import plistlib; p='../AppExtensions/TapCardMonitor/TapCardMonitor.entitlements'; d=plistlib.load(open(p,'rb')); d.pop('com.apple.developer.family-controls'); plistlib.dump(d, open(p,'wb'))"
  "app group missing from the widget|import plistlib; p='../AppExtensions/TapCardWidgets/TapCardWidgets.entitlements'; d=plistlib.load(open(p,'rb')); d.pop('com.apple.security.application-groups'); plistlib.dump(d, open(p,'wb'))"
  "UserDefaults entry missing|import plistlib; p='TapCard/PrivacyInfo.xcprivacy'; d=plistlib.load(open(p,'rb')); d['NSPrivacyAccessedAPITypes']=[t for t in d['NSPrivacyAccessedAPITypes'] if t['NSPrivacyAccessedAPIType']!='NSPrivacyAccessedAPICategoryUserDefaults']; plistlib.dump(d, open(p,'wb'))"
  "App Group reason missing|import plistlib; p='../AppExtensions/TapCardWidgets/PrivacyInfo.xcprivacy'; d=plistlib.load(open(p,'rb')); d['NSPrivacyAccessedAPITypes'][0]['NSPrivacyAccessedAPITypeReasons']=['CA92.1']; plistlib.dump(d, open(p,'wb'))"
  "boot time entry missing|import plistlib; p='TapCard/PrivacyInfo.xcprivacy'; d=plistlib.load(open(p,'rb')); d['NSPrivacyAccessedAPITypes']=[t for t in d['NSPrivacyAccessedAPITypes'] if 'BootTime' not in t['NSPrivacyAccessedAPIType']]; plistlib.dump(d, open(p,'wb'))"
  "extension point missing|import plistlib; p='../AppExtensions/TapCardWidgets/Info.plist'; d=plistlib.load(open(p,'rb')); d.pop('NSExtension'); plistlib.dump(d, open(p,'wb'))"
  "extension not embedded|p='project.yml'; s=open(p).read(); s=s.replace('      - target: TapCardMonitor\n        embed: true\n',''); open(p,'w').write(s)"
  "declared entitlement not in the file|p='project.yml'; s=open(p).read(); s=s.replace('        com.apple.developer.family-controls: true\n        com.apple.security.application-groups:','        com.apple.developer.family-controls: true\n        com.apple.developer.healthkit: true\n        com.apple.security.application-groups:',1); open(p,'w').write(s)"
)
for case in "${breakers[@]}"; do
  name=${case%%|*}; code=${case#*|}
  total=$((total + 1))
  rm -rf "$work/App" "$work/AppExtensions"; cp -r App AppExtensions "$work/"
  (cd "$work/App" && python3 -c "$code")
  if python3 "$checker" "$work/App" Sources >"$work/out" 2>&1; then
    echo "self-test FAILED: a copy with '$name' passed"
  else
    refused=$((refused + 1))
    echo "refused as it should: $name — $(head -1 "$work/out")"
  fi
done
echo "self-test: $refused of $total broken copies refused"
[ "$refused" -eq "$total" ]
