#!/usr/bin/env python3
"""Store readiness of the targets App/project.yml declares (see scripts/check-store-readiness.sh).

usage: check.py APP_DIR PACKAGE_SOURCES_DIR   exit 1 and one line per problem when anything is missing
"""
import os
import plistlib
import re
import sys

import yaml

# Required-reason API categories: what in Swift code uses them, and the reasons Apple accepts
# (https://developer.apple.com/documentation/bundleresources/privacy-manifest-files/describing-use-of-required-reason-api).
CATEGORIES = {
    "NSPrivacyAccessedAPICategoryUserDefaults": (r"\bUserDefaults\b", {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"}),
    "NSPrivacyAccessedAPICategorySystemBootTime": (
        r"\bsystemUptime\b|\bmach_absolute_time\b|\bclock_gettime\b", {"35F9.1", "8FFB.1", "3D61.1"}),
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
        r"\bcreationDate\b|\bmodificationDate\b|\bcontentModificationDate\b|\bst_mtime\b|\bst_ctime\b|"
        r"\bfileModificationDate\b|\bcreationDateKey\b",
        {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"}),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        r"\bvolumeAvailableCapacity|\bsystemFreeSize\b|\bstatfs\b|\bsystemSize\b",
        {"85F4.1", "E174.1", "7D9E.1", "B728.1"}),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (r"\bactiveInputModes\b", {"3EC4.1", "54BD.1"}),
}
# Frameworks (as project.yml's `sdk:` names them) → the entitlements and Info.plist keys they need.
CAPABILITIES = {
    "CoreNFC.framework": (
        {"com.apple.developer.nfc.readersession.formats"},
        {"NFCReaderUsageDescription", "com.apple.developer.nfc.readersession.iso7816.select-identifiers"}),
    "FamilyControls.framework": ({"com.apple.developer.family-controls"}, set()),
    "ManagedSettings.framework": ({"com.apple.developer.family-controls"}, set()),
    "DeviceActivity.framework": ({"com.apple.developer.family-controls"}, set()),
}
APP_GROUP = "com.apple.security.application-groups"

problems = []


def problem(target, text):
    problems.append(f"{target}: {text}")


def load_plist(target, path, what):
    if not os.path.isfile(path):
        problem(target, f"{what} {path} is missing")
        return None
    try:
        with open(path, "rb") as handle:
            return plistlib.load(handle)
    except Exception as error:  # a malformed file is a problem, not a crash
        problem(target, f"{what} {path} does not parse: {error}")
        return None


def swift_text(folders):
    text = []
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if name.endswith(".swift"):
                    with open(os.path.join(root, name), encoding="utf-8") as handle:
                        # Comments do not use an API.
                        text += [line for line in handle if not line.strip().startswith("//")]
    return "".join(text)


def main(app, package_sources):
    with open(os.path.join(app, "project.yml"), encoding="utf-8") as handle:
        spec = yaml.safe_load(handle)
    targets = spec.get("targets", {})
    applications = [name for name, t in targets.items() if t.get("type") == "application"]
    for name, target in targets.items():
        kind = target.get("type")
        sources = [s["path"] if isinstance(s, dict) else s for s in target.get("sources", [])]
        folders = [os.path.join(app, s) for s in sources]
        for folder in folders:
            if not os.path.isdir(folder):
                problem(name, f"source folder {folder} is missing")
        settings = target.get("settings", {}).get("base", {})
        deps = target.get("dependencies", [])
        sdks = {d["sdk"] for d in deps if "sdk" in d}
        code = swift_text(folders)
        if kind == "application" and any("package" in d for d in deps):
            code += swift_text([package_sources])  # what the app links runs in the app

        info = load_plist(name, os.path.join(app, settings.get("INFOPLIST_FILE", f"{name}/Info.plist")), "Info.plist")
        entitlements_spec = target.get("entitlements", {})
        ent_path = os.path.join(app, settings.get("CODE_SIGN_ENTITLEMENTS", entitlements_spec.get("path", "")))
        entitlements = load_plist(name, ent_path, "entitlements") if entitlements_spec else {}
        manifest = load_plist(name, os.path.join(folders[0], "PrivacyInfo.xcprivacy") if folders else "", "privacy manifest")

        # 2. Entitlements: declared ones present with the same value; capabilities' ones present.
        if entitlements is not None:
            for key, value in entitlements_spec.get("properties", {}).items():
                if key not in entitlements:
                    problem(name, f"entitlement {key} is declared in project.yml but missing from {ent_path}")
                elif entitlements[key] != value:
                    problem(name, f"entitlement {key} is {entitlements[key]!r} in {ent_path}, {value!r} in project.yml")
            needed = set()
            for sdk in sdks:
                needed |= CAPABILITIES.get(sdk, (set(), set()))[0]
            if re.search(r"UserDefaults\(suiteName:|FocusSharedState", code):
                needed.add(APP_GROUP)
            for key in sorted(needed):
                if key not in entitlements:
                    problem(name, f"entitlement {key} is needed (its frameworks or shared defaults) but missing")
                if key not in entitlements_spec.get("properties", {}):
                    problem(name, f"entitlement {key} is needed but not declared in project.yml")

        # 3. Info.plist keys.
        if info is not None:
            for sdk in sdks:
                for key in sorted(CAPABILITIES.get(sdk, (set(), set()))[1]):
                    if not info.get(key):
                        problem(name, f"Info.plist key {key} is needed for {sdk} but missing")
            if kind == "app-extension":
                point = (info.get("NSExtension") or {}).get("NSExtensionPointIdentifier")
                if not point:
                    problem(name, "Info.plist has no NSExtension › NSExtensionPointIdentifier")
            for key in ("CFBundleIdentifier", "CFBundleExecutable", "CFBundleShortVersionString", "CFBundleVersion"):
                if key not in info:
                    problem(name, f"Info.plist key {key} is missing")

        # 4. Privacy manifest: every required-reason API the code uses, with an accepted reason.
        if manifest is not None:
            declared = {
                entry.get("NSPrivacyAccessedAPIType"): set(entry.get("NSPrivacyAccessedAPITypeReasons", []))
                for entry in manifest.get("NSPrivacyAccessedAPITypes", [])
            }
            for category, (pattern, accepted) in CATEGORIES.items():
                if not re.search(pattern, code):
                    continue
                reasons = declared.get(category)
                if reasons is None:
                    problem(name, f"privacy manifest lacks {category} (the code uses it)")
                elif not reasons & accepted:
                    problem(name, f"privacy manifest gives {category} no accepted reason ({sorted(reasons)})")
                elif category.endswith("UserDefaults"):
                    if "UserDefaults(suiteName:" in code or "FocusSharedState" in code:
                        if "1C8F.1" not in reasons:
                            problem(name, "privacy manifest lacks reason 1C8F.1 (App Group defaults) for UserDefaults")
                    if "UserDefaults.standard" in code and "CA92.1" not in reasons:
                        problem(name, "privacy manifest lacks reason CA92.1 (the app's own defaults) for UserDefaults")
            for key in ("NSPrivacyTracking", "NSPrivacyCollectedDataTypes"):
                if key not in manifest:
                    problem(name, f"privacy manifest lacks {key}")

        # 5. Extensions are embedded in the application.
        if kind == "app-extension":
            embedded = any(
                d.get("target") == name and d.get("embed", True)
                for app_name in applications
                for d in targets[app_name].get("dependencies", [])
            )
            if not embedded:
                problem(name, "the app extension is not embedded in the application")

    for line in problems:
        print(line)
    print(f"store readiness: {len(targets)} targets, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
