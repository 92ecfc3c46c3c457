#!/usr/bin/env bash
# The same NDEF decode workload through Python's ndeflib 0.3.3 and `tapcard decode --jsonl`, both
# printing one JSON object per message, timed side by side in one run.
#
#   scripts/bench-peers.sh            50 000 messages (the seeded corpus of `tapcard bench`)
#   scripts/bench-peers.sh 200000     more messages
#
# Each figure is the wall-clock time of the whole process (start-up included) over the same file
# of hex lines; the best of three runs each, alternated. Needs a release build (done here) and
# ndeflib (scripts/install-test-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

count=${1:-50000}
runs=${RUNS:-3}
python3 -c "import ndef" 2>/dev/null || {
    echo "bench-peers: python3 with ndeflib is missing (scripts/install-test-deps.sh)" >&2
    exit 69
}
scripts/build-release.sh >/dev/null
tapcard=.build/release/tapcard

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tapcard" bench --emit-corpus --messages "$count" >"$work/corpus.hex"
bytes=$(python3 -c "import sys; print(sum(len(l.strip())//2 for l in open(sys.argv[1])))" "$work/corpus.hex")

cat >"$work/ndeflib_jsonl.py" <<'PY'
# One JSON object per input line (a hex NDEF message), like `tapcard decode --jsonl`: each
# record's type, id, payload and what it means.
import json
import sys

import ndef


def view(record):
    if isinstance(record, ndef.UriRecord):
        return {"kind": "uri", "uri": record.iri}
    if isinstance(record, ndef.TextRecord):
        return {"kind": "text", "text": record.text, "lang": record.language, "encoding": record.encoding}
    if isinstance(record, ndef.SmartposterRecord):
        return {"kind": "smartposter", "uri": record.resource.iri, "titles": record.titles}
    if record.type.startswith("urn:nfc:ext:"):
        return {"kind": "external", "type": record.type}
    if "/" in record.type:
        return {"kind": "mime", "mime": record.type}
    return {"kind": "unknown"}


out = sys.stdout
for line in sys.stdin:
    try:
        records = list(ndef.message_decoder(bytes.fromhex(line.strip())))
        out.write(json.dumps({"records": [
            {"type": r.type, "id": r.name, "payload_hex": r.data.hex(), "view": view(r)} for r in records
        ]}, ensure_ascii=False))
    except Exception as error:  # ndeflib raises more than its DecodeError (see the reference notes)
        out.write(json.dumps({"error": str(error)}))
    out.write("\n")
PY

now() { date +%s.%N; }
best_ndeflib=999999
best_tapcard=999999
for _ in $(seq "$runs"); do
    start=$(now)
    python3 "$work/ndeflib_jsonl.py" <"$work/corpus.hex" >"$work/ndeflib.jsonl"
    elapsed=$(echo "$(now) - $start" | bc)
    best_ndeflib=$(echo "if ($elapsed < $best_ndeflib) $elapsed else $best_ndeflib" | bc)
    start=$(now)
    "$tapcard" decode --jsonl "$work/corpus.hex" >"$work/tapcard.jsonl"
    elapsed=$(echo "$(now) - $start" | bc)
    best_tapcard=$(echo "if ($elapsed < $best_tapcard) $elapsed else $best_tapcard" | bc)
done

lines_ndeflib=$(wc -l <"$work/ndeflib.jsonl")
lines_tapcard=$(wc -l <"$work/tapcard.jsonl")
errors_ndeflib=$(grep -c '^{"error"' "$work/ndeflib.jsonl" || true)
errors_tapcard=$(grep -c '^{"error"' "$work/tapcard.jsonl" || true)
if [ "$lines_ndeflib" -ne "$count" ] || [ "$lines_tapcard" -ne "$count" ]; then
    echo "bench-peers: expected $count lines, got ndeflib $lines_ndeflib, tapcard $lines_tapcard" >&2
    exit 1
fi

rate() { echo "scale=0; $count / $1" | bc; }
mbps() { echo "scale=2; $bytes / 1000000 / $1" | bc; }
printf "workload: %d messages, %d bytes (seeded corpus of 'tapcard bench'), best of %d runs\n" \
    "$count" "$bytes" "$runs"
printf "%-28s %10s %12s %10s %8s\n" program seconds "messages/s" "MB/s" errors
printf "%-28s %10.3f %12d %10.2f %8d\n" "ndeflib 0.3.3 (python3)" "$best_ndeflib" "$(rate "$best_ndeflib")" \
    "$(mbps "$best_ndeflib")" "$errors_ndeflib"
printf "%-28s %10.3f %12d %10.2f %8d\n" "tapcard decode --jsonl" "$best_tapcard" "$(rate "$best_tapcard")" \
    "$(mbps "$best_tapcard")" "$errors_tapcard"
printf "ratio (tapcard / ndeflib throughput): %.1fx (target: at least 50x)\n" \
    "$(echo "scale=3; $best_ndeflib / $best_tapcard" | bc)"
