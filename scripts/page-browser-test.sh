#!/usr/bin/env bash
# The card page in headless Chromium (issue 18): `tapcard page` writes a site for a profile with
# ordinary and hostile values, scripts/page-browser-check.py renders it at phone size and checks
# the DOM, the requests, the QR code and the screenshot (kept in .build/artifacts/page.png).
# A negative run proves the checks bite: the same site with an external <img>, a <script> and
# an inline handler added must fail.
# usage: scripts/page-browser-test.sh [TAPCARD_BINARY]   (default .build/debug/tapcard)
set -euo pipefail
cd "$(dirname "$0")/.."
tapcard=${1:-.build/debug/tapcard}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS

"$tapcard" page --name "Ada Lovelace" --org "Analytical Engines" --title "Analyst" \
    --tel "cell:+44 20 7946 0000" --email ada@example.org --url https://ada.example/ \
    --adr "12 St James's Square;London;;SW1Y 4JH;UK" --note "Notes on the engine" \
    --out "$work/site" --base-url https://ada.example/ --app-id ABCDE12345.com.example.tapcard >/dev/null
cat >"$work/expected.json" <<'JSON'
{"name": "Ada Lovelace",
 "fields": ["Analytical Engines", "Analyst", "+44 20 7946 0000", "ada@example.org", "https://ada.example/",
            "12 St James's Square", "London", "Notes on the engine", "tapcard write uri https://ada.example/"],
 "hostile": [], "base_url": "https://ada.example/"}
JSON
cmp "$work/site/contact.vcf" <("$tapcard" vcard --name "Ada Lovelace" --org "Analytical Engines" \
    --title "Analyst" --tel "cell:+44 20 7946 0000" --email ada@example.org --url https://ada.example/ \
    --adr "12 St James's Square;London;;SW1Y 4JH;UK" --note "Notes on the engine")
# An independent vCard reader takes the file as it is served.
python3 -c 'import sys, vobject
card = vobject.readOne(open(sys.argv[1], encoding="utf-8", newline="").read())
assert card.fn.value == "Ada Lovelace" and card.email.value == "ada@example.org", card' "$work/site/contact.vcf"
python3 scripts/page-browser-check.py "$work/site" "$work/expected.json" .build/artifacts

# Hostile values: markup, an attribute break-out, a javascript: link, a right-to-left override.
"$tapcard" page --name $'<script>alert(1)</script> \u202Eevil' --org '"onmouseover=alert(1) x="' \
    --title "<img src=https://tracker.example/p.gif>" --url 'javascript:alert(2)' \
    --out "$work/hostile" --base-url "https://ada.example/?q=a&b='c'" >/dev/null
python3 - "$work/hostile.json" <<'PY'
import json, sys
json.dump({"name": "<script>alert(1)</script> \u202eevil",
           "fields": ["javascript:alert(2)"],
           "hostile": ["<script>alert(1)</script>", '"onmouseover=alert(1) x="', "<img src=https://tracker.example/p.gif>"],
           "base_url": "https://ada.example/?q=a&b='c'"}, open(sys.argv[1], "w"))
PY
python3 scripts/page-browser-check.py "$work/hostile" "$work/hostile.json" "$work/hostile-artifacts"

# The negative test: an external image, a script and a handler must each be caught.
cp -r "$work/site" "$work/bad"
sed -i 's|</main>|<img src="https://tracker.example/p.gif" alt=""><script>1</script><a href="#" onclick="x()">x</a></main>|' \
    "$work/bad/index.html"
if python3 scripts/page-browser-check.py "$work/bad" "$work/expected.json" "$work/bad-artifacts" >"$work/bad.log"; then
    echo "page-browser-test: the check passed a page with an external image and a script" >&2
    exit 1
fi
for expected in "the page made requests: https://tracker.example/p.gif" "<script> element" "event handler"; do
    grep -qF "$expected" "$work/bad.log" || { echo "page-browser-test: no '$expected' in:" >&2; cat "$work/bad.log" >&2; exit 1; }
done
echo "page-browser-test: ok in $((SECONDS - start)) s (screenshot .build/artifacts/page.png)"
