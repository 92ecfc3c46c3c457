#!/usr/bin/env python3
"""Turns the lines of scripts/verbs-by-tag-type.sh (MODEL|VERB|STATUS|FIRST LINE) into the Markdown
tables of docs/reference/verbs-by-tag-type.md: one section per verb, models that answered alike in
one row. UIDs, IDms and times (random per run) become '…'; everything else is the program's text.
Usage: scripts/verbs-by-tag-type.sh | scripts/verbs-by-tag-type-tables.py [--check PAGE]

With --check PAGE it prints nothing on success and exits 1 with a diff when the tables are not in
PAGE word for word (scripts/test.sh checks docs/reference/verbs-by-tag-type.md so, as the docs'
transcripts are checked: a change in what a verb answers fails CI until the page says it)."""
import difflib
import io
import re
import sys

check = sys.argv[sys.argv.index("--check") + 1] if "--check" in sys.argv else None
output = io.StringIO()

NAMES = {
    "ntag210": "NTAG210", "ntag212": "NTAG212", "ntag213": "NTAG213", "ntag215": "NTAG215",
    "ntag216": "NTAG216", "ultralight": "MIFARE Ultralight", "ultralight-ev1-48": "Ultralight EV1 48",
    "ultralight-ev1-128": "Ultralight EV1 128", "ntag203": "NTAG203", "ntag424": "NTAG 424 DNA",
    "type4": "generic Type 4", "icode-slix2": "ICODE SLIX2", "st25dv04k": "ST25DV04K",
    "felica-lite-s": "FeliCa Lite-S", "ultralight-c": "Ultralight C", "ultralight-aes": "Ultralight AES",
    "desfire-ev1-4k": "DESFire EV1 4K", "desfire-ev2-8k": "DESFire EV2 8K", "desfire-ev3-4k": "DESFire EV3 4K",
    "mifare-classic-1k": "MIFARE Classic 1K", "mifare-classic-4k": "MIFARE Classic 4K",
}


def masked(text):
    text = re.sub(r"\b[0-9A-F]{2}(:[0-9A-F]{2}){3,9}\b", "…", text)
    text = re.sub(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC", "…", text)
    return text.replace("|", "\\|")


verbs = {}
for line in sys.stdin:
    parts = line.rstrip("\n").split("|", 3)
    if len(parts) != 4:
        continue
    model, verb, status, first = parts
    rows = verbs.setdefault(verb, {})
    rows.setdefault((status, masked(first)), []).append(NAMES.get(model, model))

for verb, rows in verbs.items():
    name, _, rest = verb.partition(" (")
    title = f"`{name}`" + (f" ({rest}" if rest else "")
    print(f"## {title}\n", file=output)
    print("| Models | Status | First line (of the error, else of the output) |", file=output)
    print("|---|---|---|", file=output)
    for (status, first), models in rows.items():
        print(f"| {', '.join(models)} | {status} | {first} |", file=output)
    print(file=output)

tables = output.getvalue()
if check is None:
    sys.stdout.write(tables)
    sys.exit(0)
page = open(check, encoding="utf-8").read()
if not verbs or tables.strip() not in page:
    first = tables.strip().split("\n")[0] if verbs else ""
    shown = page[page.find(first):] if first and first in page else page
    print(f"{check}: the tables are not what the binary answers now (rerun the scripts and paste):")
    sys.stdout.writelines(difflib.unified_diff(shown.strip().splitlines(True), tables.strip().splitlines(True),
                                               check, "binary", n=1))
    print()
    sys.exit(1)
print(f"{check}: {sum(len(rows) for rows in verbs.values())} rows of {len(verbs)} verbs agree with the binary")
