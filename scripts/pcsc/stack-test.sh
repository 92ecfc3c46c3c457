#!/usr/bin/env bash
# The real PC/SC stack, with no hardware: pcscd (foreground, private reader config) loads
# vsmartcard's vpcd driver; `tapcard emulate` connects to it as an NTAG213; then tapcard, Python's
# pyscard and pcsc_scan talk to the tag through libpcsclite → pcscd → vpcd → emulator, exactly the
# path a USB reader's tag takes.
#
# Runs inside `unshare --net --mount` (root): vpcd's TCP listeners stay in a private network
# namespace, and /run/pcscd (pcscd's fixed socket directory) is a private tmpfs, so nothing else on
# the machine sees this pcscd and no other pcscd is disturbed. Every process started here is
# stopped by its PID on exit, failure or signal.
#
# Output: TAP-like lines ("ok N - …" / "not ok N - …"), then "# passed P failed F".
# Exit status: 0 all passed, 1 a test failed, 77 skipped (the printed reason says why).
# Usage: scripts/pcsc/stack-test.sh [path/to/tapcard]   (default .build/debug/tapcard)
#        TAPCARD_STACK_TRANSCRIPT=1 scripts/pcsc/stack-test.sh   the reader transcript of docs/guide/pcsc-readers.md
#        TAPCARD_STACK_TRANSCRIPT=type4 scripts/pcsc/stack-test.sh   its Type 4 one (an NTAG 424 DNA)
#        TAPCARD_STACK_TRANSCRIPT=focus scripts/pcsc/stack-test.sh   its focus one (pair and tap --reader)
set -uo pipefail
[ -n "${TAPCARD_STACK_TRACE:-}" ] && { PS4='+ $EPOCHREALTIME '; set -x; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tapcard=${1:-${TAPCARD_BIN:-$root/.build/debug/tapcard}}
vpcd_driver=/usr/lib/pcsc/drivers/serial/libifdvpcd.so

skip() {
    echo "SKIP: $*"
    exit 77
}

if [ "${TAPCARD_STACK_INSIDE:-}" != 1 ]; then
    [ "$(uname -s)" = Linux ] || skip "the CI stack needs Linux namespaces (unshare); on macOS test with a real reader"
    [ "$(id -u)" = 0 ] || skip "needs root (unshare --net/--mount and pcscd's /run/pcscd)"
    command -v pcscd >/dev/null || skip "pcscd is not installed (scripts/install-test-deps.sh installs it)"
    [ -f "$vpcd_driver" ] || skip "vsmartcard-vpcd is not installed"
    command -v pcsc_scan >/dev/null || skip "pcsc-tools (pcsc_scan) is not installed"
    command -v unshare >/dev/null || skip "unshare (util-linux) is not installed"
    command -v ip >/dev/null || skip "ip (iproute2) is not installed"
    python3 -c "import smartcard, ndef" 2>/dev/null || skip "python3 with pyscard and ndeflib is not installed"
    if [ ! -x "$tapcard" ]; then
        echo "not ok 0 - $tapcard is not built"
        exit 1
    fi
    # A parent may have blocked signals (swift test's runner blocks nearly all, and children
    # inherit the mask): unblock them, or SIGTERM could not stop pcscd and the emulator cleanly.
    TAPCARD_STACK_INSIDE=1 exec python3 -c '
import os, signal, sys
signal.pthread_sigmask(signal.SIG_SETMASK, [])
os.execvp(sys.argv[1], sys.argv[1:])' unshare --net --mount --propagation private "$0" "$tapcard"
fi

# ---- inside the namespaces --------------------------------------------------------------------
work=$(mktemp -d /tmp/tapcard-pcsc.XXXXXX)
# The tag commands record into the TapCard database in the data directory: keep it in $work.
export TAPCARD_HOME="$work/home"
pids=()
passed=0
failed=0
number=0

stop_pid() {
    local pid=$1
    kill -0 "$pid" 2>/dev/null || return 0
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 0
}

cleanup() {
    local status=$?
    trap - EXIT INT TERM
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do stop_pid "${pids[$i]}"; done
    local left=()
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    if [ ${#left[@]} -gt 0 ]; then
        echo "not ok - processes left behind: ${left[*]}"
        status=1
    else
        echo "# processes started: ${pids[*]:-none}; all stopped"
    fi
    umount /run/pcscd 2>/dev/null
    if [ "$status" -ne 0 ] && [ -f "$work/pcscd.log" ]; then
        echo "# pcscd log (tail):"
        tail -n 20 "$work/pcscd.log" | sed 's/^/#   /'
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ok() {
    number=$((number + 1))
    passed=$((passed + 1))
    echo "ok $number - $1"
}
not_ok() {
    number=$((number + 1))
    failed=$((failed + 1))
    echo "not ok $number - $1"
    shift
    for line in "$@"; do echo "#   $line"; done
}
check() { # check "description" command…  (passes when the command succeeds)
    local description=$1
    shift
    local output
    if output=$("$@" 2>&1); then ok "$description"; else not_ok "$description" "$output"; fi
}
wait_until() { # wait_until SECONDS command…
    local deadline=$((SECONDS + $1))
    shift
    until "$@" >/dev/null 2>&1; do
        [ $SECONDS -ge $deadline ] && return 1
        sleep 0.1
    done
}

ip link set lo up
mkdir -p /run/pcscd
mount -t tmpfs tmpfs /run/pcscd
mkdir -p "$work/reader.conf.d"
port=35963
cat >"$work/reader.conf.d/vpcd" <<CONF
FRIENDLYNAME "Virtual PCD"
DEVICENAME   /dev/null:$port
LIBPATH      $vpcd_driver
CHANNELID    $port
CONF

pcscd -f -c "$work/reader.conf.d" >"$work/pcscd.log" 2>&1 &
pids+=($!)
echo "# pcscd pid $!"
reader="Virtual PCD 00 00"
if ! wait_until 10 sh -c "\"$tapcard\" readers | grep -q '$reader'"; then
    not_ok "pcscd lists the vpcd reader" "$("$tapcard" readers 2>&1)"
    exit 1
fi

emulator_pid=
start_emulator() { # start_emulator FILE [options…]; waits until pcscd reports the card
    local file=$1
    shift
    "$tapcard" emulate --tag "$file" --vpcd "localhost:$port" --trace "$@" >"$work/emulate.out" 2>"$work/emulate.log" &
    emulator_pid=$!
    pids+=("$emulator_pid")
    wait_until 10 sh -c "\"$tapcard\" readers --json | grep -q '\"name\":\"$reader\",\"tag\":true'"
}
stop_emulator() { # stop_emulator → waits for the card to be reported gone
    stop_pid "$emulator_pid"
    wait_until 5 sh -c "\"$tapcard\" readers --json | grep -q '\"name\":\"$reader\",\"tag\":false'"
}
pyscard_read() { python3 "$here/pyscard_client.py" "$reader" 45; }
json_field() { python3 -c "import json,sys; print(json.loads(sys.stdin.read())['$1'])"; }

# ---- Transcript (TAPCARD_STACK_TRANSCRIPT=1): the commands docs/guide/pcsc-readers.md shows, then stop --
if [ -n "${TAPCARD_STACK_TRANSCRIPT:-}" ]; then
    say() { # say ARGS… → "$ tapcard ARGS…" and the output, as a terminal shows them
        local line='$ tapcard' argument
        for argument in "$@"; do
            case "$argument" in *" "*) line+=" \"$argument\"" ;; *) line+=" $argument" ;; esac
        done
        echo "$line"
        "$tapcard" "$@" 2>&1
    }
    if [ "$TAPCARD_STACK_TRANSCRIPT" = focus ]; then
        "$tapcard" sim new ntag213 "$work/readme.nfc" --uid 04F0C5A1B2C3D4 >/dev/null
        start_emulator "$work/readme.nfc" || exit 1
        {
            say focus pair --reader 0 --location "hall shelf"
            say focus tap --reader 0
            say focus status
            say focus tap --reader 0
        } | sed 's/^#/ #/'
        exit 0
    fi
    if [ "$TAPCARD_STACK_TRANSCRIPT" = type4 ]; then
        "$tapcard" sim new ntag424 "$work/readme.tag" --uid 04A4B4C4D4E4F4 >/dev/null
        start_emulator "$work/readme.tag" || exit 1
        {
            say readers
            say write uri https://example.org/hello --reader 0
            say read --reader 0
            say lock --reader 0 --yes-lock-permanently
        } | sed 's/^#/ #/'
        exit 0
    fi
    start_emulator "$work/readme.nfc" || exit 1
    {
        say readers
        say write uri https://example.org/hello --reader 0
        say read --reader "$reader"
        say watch --count 1
        say lock --reader 0
    } | sed 's/^#/ #/'
    exit 0
fi

# ---- 1. an independent client reads the image through pcscd ----------------------------------
url1="https://example.org/tapcard/pcsc"
image_hex=$(python3 "$here/make_image.py" "$work/tag.bin" "$url1")
if start_emulator "$work/tag.bin"; then ok "tapcard emulate: pcscd reports a card on '$reader'"; else
    not_ok "tapcard emulate: pcscd reports a card on '$reader'" "$(cat "$work/emulate.log")"
    exit 1
fi

readers_json=$("$tapcard" readers --json 2>&1)
check "tapcard readers shows the PC/SC Part 3 ATR of an Ultralight/NTAG" \
    grep -q '"atr":"3b8f8001804f0ca0000003060300030000000068","kind":"MIFARE Ultralight / NTAG' <<<"$readers_json"

scan=$(timeout 10 pcsc_scan -t 2 2>&1 | tr -d '\r')
if grep -q "3B 8F 80 01 80 4F 0C A0 00 00 03 06 03 00 03 00 00 00 00 68" <<<"$scan" &&
    grep -qi "Mifare Ultralight" <<<"$scan"; then
    ok "pcsc_scan identifies the ATR as MIFARE Ultralight"
else
    not_ok "pcsc_scan identifies the ATR as MIFARE Ultralight" "$scan"
fi

if py=$(pyscard_read 2>&1); then
    read_hex=$(json_field image <<<"$py")
    if [ "$read_hex" = "$image_hex" ]; then ok "pyscard reads the 180-byte image through pcscd, byte for byte"; else
        not_ok "pyscard reads the 180-byte image through pcscd, byte for byte" "served $image_hex" "read   $read_hex"
    fi
    check "pyscard reads UID 04a1b2c3d4e5f6 with FF CA" test "$(json_field uid <<<"$py")" = 04a1b2c3d4e5f6
    check "pyscard gets NTAG213's GET_VERSION through the D4 42 pass-through" \
        test "$(json_field version <<<"$py")" = 0004040201000f03
    check "pyscard decodes the URI record (ndeflib)" test "$(json_field uri <<<"$py")" = "$url1"
else
    not_ok "pyscard reads the tag through pcscd" "$py"
fi

# ---- 2. tapcard watch ----------------------------------------------------------------------------
watch=$("$tapcard" watch --reader "$reader" --count 1 --json 2>&1)
check "tapcard watch: UID, model by GET_VERSION, NDEF length from the tag" python3 -c "
import json, sys
s = json.loads(sys.argv[1].splitlines()[-1])
assert s['schema_version'] == 1, s
assert s['uid']['hex'] == '04a1b2c3d4e5f6', s
assert s['chip']['model'] == 'ntag213' and s['chip']['identified_by']['by'] == 'GET_VERSION', s
assert s['capability_container'] == 'e1101200', s
assert s['ndef_length'] == int('$image_hex'[34:36], 16), s
" "$watch"
check "tapcard watch: the tag is recorded as seen (tapcard tags), with no capacity claimed" python3 -c "
import json, subprocess, sys
tags = json.loads(subprocess.run([sys.argv[1], 'tags', '--json'], capture_output=True, text=True, check=True).stdout)['tags']
assert [(t['uid']['hex'], t['chip']['model'], t['capacity_bytes'], t['writes']) for t in tags] == [('04a1b2c3d4e5f6', 'ntag213', None, 0)], tags
" "$tapcard"

# ---- 3. tapcard reads and writes through the reader; pyscard reads back -------------------------
out=$("$tapcard" read --reader "$reader" 2>&1)
if grep -q "URI: $url1" <<<"$out"; then ok "tapcard read --reader: the URI record through pcscd"; else
    not_ok "tapcard read --reader: the URI record through pcscd" "$out"
fi

url2="https://example.org/written-by-tapcard?through=pcscd"
out=$("$tapcard" write uri "$url2" --reader "$reader" 2>&1)
status=$?
if [ $status -eq 0 ] && grep -q "^Verified: read back" <<<"$out"; then
    ok "tapcard write --reader: written and verified by reading back"
else
    not_ok "tapcard write --reader: written and verified by reading back" "exit $status" "$out"
fi
if py=$(pyscard_read 2>&1) && [ "$(json_field uri <<<"$py")" = "$url2" ]; then
    ok "pyscard reads back what tapcard wrote"
else
    not_ok "pyscard reads back what tapcard wrote" "$py"
fi
image_after_write=$(json_field image <<<"$py" 2>/dev/null)

tags=$("$tapcard" tags --json 2>&1)
check "tapcard read/write --reader are recorded: tapcard tags shows the tag, its capacity and the write" python3 -c "
import json, sys
tags = json.loads(sys.argv[1])['tags']
assert len(tags) == 1, tags
t = tags[0]
assert t['uid']['hex'] == '04a1b2c3d4e5f6' and t['chip']['model'] == 'ntag213', t
assert t['capacity_source'] == 'reported' and t['capacity_bytes'] > 0, t
w = t['last_write']
assert w['operation'] == 'write' and w['verified'] is True, w
assert bytes.fromhex(w['message_hex']).endswith(b'example.org/written-by-tapcard?through=pcscd'), w
" "$tags"

out=$("$tapcard" read 2>&1)
if grep -q "Using reader '$reader'" <<<"$out" && grep -q "URI: $url2" <<<"$out"; then
    ok "no --tag and no --reader: the reader holding a tag is used, and said"
else
    not_ok "no --tag and no --reader: the reader holding a tag is used, and said" "$out"
fi

out=$("$tapcard" read --reader "Virtual PCD 00 01" --wait 1 2>&1)
status=$?
if [ $status -eq 1 ] && grep -q "Hold a tag on the reader 'Virtual PCD 00 01'…" <<<"$out" &&
    grep -q "No tag was presented to reader 'Virtual PCD 00 01' within 1 s." <<<"$out"; then
    ok "--reader on an empty reader: 'Hold a tag on the reader…', then a timeout error (exit 1)"
else
    not_ok "--reader on an empty reader: 'Hold a tag…' then a timeout error" "exit $status" "$out"
fi
out=$("$tapcard" read --reader "no such reader" 2>&1)
status=$?
if [ $status -eq 65 ] && grep -q "No reader matches 'no such reader' (connected: '$reader', 'Virtual PCD 00 01')" <<<"$out"; then
    ok "--reader naming no reader: an input error listing the connected readers (exit 65)"
else
    not_ok "--reader naming no reader: an input error listing the readers" "exit $status" "$out"
fi

out=$("$tapcard" lock --reader "$reader" 2>&1)
status=$?
py=$(pyscard_read 2>&1)
if [ $status -eq 1 ] && grep -q "Nothing was done.*--yes-lock-permanently" <<<"$out" && [ "$(json_field image <<<"$py")" = "$image_after_write" ]; then
    ok "tapcard lock without confirmation is refused (exit 1, naming the flag) and the tag is unchanged"
else
    not_ok "tapcard lock without confirmation is refused (exit 1) and the tag is unchanged" "exit $status" "$out"
fi

stop_emulator
check "the emulator saved the image on SIGTERM: what pyscard last read" \
    test "$(python3 -c "import sys; print(open(sys.argv[1], 'rb').read().hex())" "$work/tag.bin")" = "$image_after_write"

# ---- 4. the tag taken away in the middle of a write ------------------------------------------
# First a complete write on a copy, traced, to find where the page writes (FF D6) are; then the
# same write with the emulator told to answer only the APDUs before the third page write.
url3="https://example.org/third-message-that-is-longer-than-the-second-one"
cp "$work/tag.bin" "$work/measure.bin"
cp "$work/tag.bin" "$work/torn.bin"
start_emulator "$work/measure.bin" || not_ok "emulator restarts" "$(cat "$work/emulate.log")"
"$tapcard" write uri "$url3" --reader "$reader" >/dev/null 2>&1
stop_emulator
third_write=$(grep -n "> FF D6" "$work/emulate.log" | sed -n 3p | sed 's/ >.*//; s/^[0-9]*://')
if [ -z "$third_write" ]; then
    not_ok "a traced write has at least three page writes" "$(cat "$work/emulate.log")"
else
    answered=$((third_write - 1))
    start_emulator "$work/torn.bin" --remove-after "$answered"
    out=$("$tapcard" write uri "$url3" --reader "$reader" 2>&1)
    status=$?
    wait "$emulator_pid" 2>/dev/null
    state=$(python3 "$here/ndef_in_image.py" "$work/torn.bin")
    case "$state" in
        "$url2") held="the old message" ;;
        "") held="an empty message" ;;
        "$url3") held="the new message" ;;
        *) held="something else: $state" ;;
    esac
    if [ $status -eq 1 ] && grep -q "The write stopped at page" <<<"$out" && grep -q "left the field" <<<"$out" &&
        grep -q "The tag holds .*$held" <<<"$out" &&
        grep -q "Removed the tag after $answered APDUs" "$work/emulate.log"; then
        ok "tag removed after $answered APDUs mid-write: exit 1, and the tag holds what the error says ($held)"
    else
        not_ok "tag removed mid-write: a clear error naming what the tag holds" "exit $status" "$out" "tag holds $held"
    fi
    wait_until 5 sh -c "\"$tapcard\" readers --json | grep -q '\"name\":\"$reader\",\"tag\":false'"
fi

# ---- 5. batch: one tag per row, interrupted, resumed ------------------------------------------
sticker_writes() { # the write-log entries of the stickers' UID in the TapCard database
    "$tapcard" tags --json | python3 -c "
import json, sys
print(sum(t['writes'] for t in json.load(sys.stdin)['tags'] if t['uid']['hex'] == '04a1b2c3d4e5f6'))"
}
writes_before_batch=$(sticker_writes)
fresh_hex=$(python3 "$here/make_image.py" "$work/fresh.bin" "https://example.org/blank")
printf 'url\nhttps://example.org/sticker/1\nhttps://example.org/sticker/2\nhttps://example.org/sticker/3\n' >"$work/stickers.csv"
for n in 1 2 3; do cp "$work/fresh.bin" "$work/sticker$n.bin"; done
manifest="$work/stickers.manifest.csv"
manifest_has_row() { grep -q "^$1,.*,true,written," "$manifest" 2>/dev/null; }

"$tapcard" batch write "$work/stickers.csv" --reader "$reader" --on-error stop >"$work/batch1.out" 2>&1 </dev/null &
batch_pid=$!
pids+=("$batch_pid")
start_emulator "$work/sticker1.bin"
wait_until 15 manifest_has_row 1
stop_emulator
sleep 0.5
stop_pid "$batch_pid" # interrupted while waiting for the second tag
status1=$(wait "$batch_pid" 2>/dev/null; echo $?)
if manifest_has_row 1 && ! manifest_has_row 2 && grep -q "1 written and verified" "$work/batch1.out"; then
    ok "batch: row 1 written and verified, then interrupted while waiting for the next tag"
else
    not_ok "batch: row 1 written and verified, then interrupted" "$(cat "$work/batch1.out")"
fi

"$tapcard" batch write "$work/stickers.csv" --reader "$reader" --on-error stop >"$work/batch2.out" 2>&1 </dev/null &
batch_pid=$!
pids+=("$batch_pid")
start_emulator "$work/sticker2.bin"
wait_until 15 manifest_has_row 2
stop_emulator
start_emulator "$work/sticker3.bin"
wait_until 15 manifest_has_row 3
stop_emulator
wait_until 10 sh -c "! kill -0 $batch_pid"
wait "$batch_pid" 2>/dev/null
status2=$?
written=$(for n in 1 2 3; do python3 "$here/ndef_in_image.py" "$work/sticker$n.bin"; done | tr '\n' ' ')
expected="https://example.org/sticker/1 https://example.org/sticker/2 https://example.org/sticker/3 "
if [ "$status2" -eq 0 ] && grep -q "Resuming: 1 of 3 rows" "$work/batch2.out" && [ "$written" = "$expected" ]; then
    ok "batch resumed at row 2; each of the 3 tags holds its row's URL (ndeflib)"
else
    not_ok "batch resumed at row 2; each tag holds its row's URL" "exit $status2" "tags: $written" "$(cat "$work/batch2.out")"
fi
check "batch manifest: row, UID, bytes, verified for every row" python3 -c "
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['status'] == 'written']
assert [r['row'] for r in rows] == ['1', '2', '3'], rows
assert all(r['uid'] == '04:A1:B2:C3:D4:E5:F6' and r['verified'] == 'true' and int(r['bytes']) > 0 for r in rows), rows
" "$manifest"

writes_after_batch=$(sticker_writes)
if [ "$((writes_after_batch - writes_before_batch))" -eq 3 ]; then
    ok "batch: each of the 3 writes is in the TapCard write log (tapcard tags)"
else
    not_ok "batch: each of the 3 writes is in the TapCard write log" "before $writes_before_batch, after $writes_after_batch"
fi

# ---- 6. a password-protected tag: protect, write with the password, pyscard, unprotect ------
pyscard_password() { python3 "$here/pyscard_password.py" "$reader" "$1" "$2"; }
fresh_hex=$(python3 "$here/make_image.py" "$work/protected.bin" "https://example.org/before-protection")
start_emulator "$work/protected.bin" || not_ok "emulator restarts" "$(cat "$work/emulate.log")"
out=$("$tapcard" protect --password 1a2b3c4d --pack 5e6f --reader "$reader" 2>&1)
status=$?
if [ $status -eq 0 ] && grep -q "^Verified: CFG0/CFG1 read back as set, and the tag accepted the password and answered PACK 5e 6f" <<<"$out"; then
    ok "tapcard protect --reader: PWD, PACK, then AUTH0 through the pass-through; verified with the new password"
else
    not_ok "tapcard protect --reader: set and verified" "exit $status" "$out"
fi
py=$(pyscard_password 4 1a2b3c4d 2>&1)
check "pyscard: page 4 refuses a write without the password (69 82), PWD_AUTH answers PACK 5e6f, then the write lands" \
    python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r == {'without_password_sw': '6982', 'pack': '5e6f', 'with_password_sw': '9000'}, r
" "$py"
before_image=$(json_field image <<<"$(pyscard_read)")
url6="https://example.org/protected/written-with-the-password"
out=$("$tapcard" write uri "$url6" --reader "$reader" 2>&1)
status=$?
after_image=$(json_field image <<<"$(pyscard_read)")
if [ $status -eq 1 ] && grep -q "need the tag's password: AUTH0 is 4" <<<"$out" && [ "$before_image" = "$after_image" ]; then
    ok "tapcard write without --password is refused before any write (AUTH0 4 named), the tag byte-identical"
else
    not_ok "tapcard write without --password is refused, tag unchanged" "exit $status" "$out"
fi
out=$("$tapcard" write uri "$url6" --reader "$reader" --password 1a2b3c4d --pack 5e6f 2>&1)
status=$?
if [ $status -eq 0 ] && grep -q "^Verified: read back" <<<"$out" && [ "$(json_field uri <<<"$(pyscard_read)")" = "$url6" ]; then
    ok "tapcard write --password: written, verified, and pyscard (ndeflib) reads the new URI back"
else
    not_ok "tapcard write --password: written and read back by pyscard" "exit $status" "$out"
fi
out=$("$tapcard" write uri "$url6/x" --reader "$reader" --password 00000000 2>&1)
status=$?
if [ $status -eq 1 ] && grep -q "The tag did not accept the password given (PWD_AUTH answered NAK 0h" <<<"$out" && ! grep -q "00 00 00 00" <<<"$out" &&
    [ "$(json_field uri <<<"$(pyscard_read)")" = "$url6" ]; then
    ok "a wrong password through the reader: 'the tag did not accept the password', nothing written"
else
    not_ok "a wrong password through the reader is named and nothing is written" "exit $status" "$out"
fi
out=$("$tapcard" unprotect --password 1a2b3c4d --reader "$reader" 2>&1)
status=$?
py=$(pyscard_password 4 ffffffff 2>&1)
if [ $status -eq 0 ] && grep -q "AUTH0 255: no page needs a password" <<<"$out" &&
    python3 -c "import json,sys; r=json.loads(sys.argv[1]); assert r['without_password_sw'] == '9000', r" "$py"; then
    ok "tapcard unprotect --reader: AUTH0 off, and pyscard writes page 4 without a password again"
else
    not_ok "tapcard unprotect --reader: AUTH0 off, page 4 writable again" "exit $status" "$out" "$py"
fi
stop_emulator

# ---- 9. a Type 4 tag (NTAG 424 DNA, then a generic T4T) through the ISO-DEP bridge -----------
pyscard_type4() { python3 "$here/pyscard_type4.py" "$reader" "$@"; }
for model in ntag424 type4; do
    "$tapcard" sim new "$model" "$work/$model.tag" --uid 04A4B4C4D4E4F4 >/dev/null
    start_emulator "$work/$model.tag" || not_ok "emulator serves the $model file" "$(cat "$work/emulate.log")"
    readers_json=$("$tapcard" readers --json 2>&1)
    check "$model: tapcard readers sees an ISO-DEP card (ATR 3B 81 80 01 80 80) and says the reader carries ISO-DEP" \
        python3 -c "
import json, sys
r = json.loads(sys.argv[1])['readers'][0]
assert r['atr'] == '3b8180018080' and 'ISO-DEP' in r['kind'] and 'iso-dep' in r['channels'], r
assert r['raw_nfc_a_frames'] is False, r" "$readers_json"
    scan=$(timeout 10 pcsc_scan -t 2 2>&1 | tr -d '\r')
    check "$model: pcsc_scan sees a contactless smart card with the ISO 14443-4 ATR 3B 81 80 01 80 80" \
        grep -q "3B 81 80 01 80 80" <<<"$scan"
    url_t=https://example.org/type4/$model/written-by-tapcard
    out=$("$tapcard" write uri "$url_t" --reader "$reader" 2>&1)
    py=$(pyscard_type4 read 2>&1)
    if grep -q "^Verified: read NLEN" <<<"$out" &&
        python3 -c "import json,sys; r=json.loads(sys.argv[1]); assert r['records']==[sys.argv[2]] and r['uid']=='04a4b4c4d4e4f4', r" "$py" "$url_t"; then
        ok "$model: tapcard writes through pcscd, pyscard reads the NDEF file (SELECT, READ BINARY in MLe chunks) and ndeflib decodes it"
    else
        not_ok "$model: tapcard writes, pyscard reads it back" "$out" "$py"
    fi
    url_p=https://example.org/type4/$model/written-by-pyscard/$(printf 'x%.0s' $(seq 1 120))
    py=$(pyscard_type4 write "$url_p" 2>&1)
    out=$("$tapcard" read --reader "$reader" --json 2>"$work/read.err")
    if python3 -c "
import json, sys
w = json.loads(sys.argv[1]); r = json.loads(sys.argv[2])
assert r['forum_type'] == 4 and r['ndef']['records'][0]['view']['uri'] == sys.argv[3], r
assert r['capacity']['source'] == 'reported' and w['updates'] >= 3, w" "$py" "$out" "$url_p"; then
        ok "$model: pyscard writes in the T4T order (NLEN 0, chunks of MLc, NLEN), tapcard read --reader decodes it"
    else
        not_ok "$model: pyscard writes, tapcard reads it back" "$py" "$out"
    fi
    out=$("$tapcard" info --reader "$reader" 2>&1)
    check "$model: tapcard info --reader names the chip and its CC file" grep -q "CC file E103" <<<"$out"
    watch=$("$tapcard" watch --reader "$reader" --count 1 --json 2>/dev/null)
    check "$model: tapcard watch names the chip and the NDEF length from NLEN" python3 -c "
import json, sys
w = json.loads(sys.argv[1]); want = {'ntag424': 'ntag424-dna', 'type4': 'type4'}[sys.argv[2]]
assert w['chip']['model'] == want and w['ndef_length'] == int(sys.argv[3]), w" "$watch" "$model" "$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['nlen'])" "$py")"
    stop_emulator
    saved=$("$tapcard" read --tag "$work/$model.tag" --json 2>&1)
    check "$model: the emulator saved the virtual Type 4 file on SIGTERM, with pyscard's message in it" python3 -c "
import json, sys
r = json.loads(sys.argv[1]); assert r['ndef']['records'][0]['view']['uri'] == sys.argv[2], r" "$saved" "$url_p"
done

# ---- 9b. a blank MIFARE DESFire EV3: tapcard formats it (AN11004) and writes; pyscard reads it ---
"$tapcard" sim new desfire-ev3-4k "$work/desfire.tag" --uid 04D5E5F5A5B5C5 --blank >/dev/null
start_emulator "$work/desfire.tag" || not_ok "emulator serves the DESFire file" "$(cat "$work/emulate.log")"
out=$("$tapcard" read --reader "$reader" --json 2>"$work/desfire.err")
check "desfire: tapcard read --reader names a blank DESFire EV3 and says it is not formatted" python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r['ndef_status'] == 'not-formatted' and r['capacity']['source'] == 'assumed', r
assert r['chip']['model'] == 'desfire-ev3-4k', r" "$out"
out=$("$tapcard" format --reader "$reader" --json 2>"$work/desfire.err")
check "desfire: tapcard format --reader creates AN11004's application, CC and NDEF files, read back verified" python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r['verified'] is True and r['ndef_status'] == 'read-write' and r['ndef_file_size'] == 2048, r
assert r['desfire']['applications'] == [], r" "$out"
url_d=https://example.org/desfire/written-by-tapcard/$(printf 'd%.0s' $(seq 1 80))
out=$("$tapcard" write uri "$url_d" --reader "$reader" 2>&1)
check "desfire: tapcard write --reader verifies the message through pcscd" grep -q "^Verified: read NLEN" <<<"$out"
py=$(pyscard_type4 read 2>&1)
check "desfire: pyscard reads the NDEF file as a Type 4 reader (SELECT D2760000850101, E103, E104) and ndeflib decodes it" \
    python3 -c "import json,sys; r=json.loads(sys.argv[1]); assert r['records']==[sys.argv[2]] and r['uid']=='04d5e5f5a5b5c5', r" "$py" "$url_d"
py=$(python3 "$here/pyscard_desfire.py" "$reader" 2>&1)
check "desfire: pyscard, with native commands only, finds application 000001 with files 01 and 02 and reads the message with ReadData (90 BD)" \
    python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r['applications'] == ['000001'] and r['files'] == [1, 2] and r['records'] == [sys.argv[2]], r
assert r['cc'][22:26] == '0800', r" "$py" "$url_d"
out=$("$tapcard" info --reader "$reader" 2>&1)
check "desfire: tapcard info --reader lists the applications and the free memory" \
    grep -q "^Applications: 000001 (NDEF, AN11004 mapping v2)" <<<"$out"
stop_emulator

# ---- 10. a Type 5 tag (ICODE SLIX2, then ST25DV04K) through the ISO 15693 storage-card bridge ----
pyscard_type5() { python3 "$here/pyscard_type5.py" "$reader" "$@"; }
for model in icode-slix2 st25dv04k; do
    case $model in icode-slix2) uid=E004010812345678 ;; *) uid=E002240012345678 ;; esac
    "$tapcard" sim new "$model" "$work/$model.nfc" --uid "$uid" >/dev/null
    start_emulator "$work/$model.nfc" || not_ok "emulator serves the $model file" "$(cat "$work/emulate.log")"
    readers_json=$("$tapcard" readers --json 2>&1)
    check "$model: tapcard readers sees an ISO 15693 storage card (ATR standard byte 0B) and its iso15693 channel" \
        python3 -c "
import json, sys
r = json.loads(sys.argv[1])['readers'][0]
assert r['atr'].startswith('3b8f8001804f0ca0000003060b'), r
assert 'iso15693' in r['channels'], r" "$readers_json"
    py=$(pyscard_type5 8 2 2>&1)
    check "$model: pyscard reads the UID (E0 first $uid) and the CC E1 40 … in block 0, writes block 2 and reads it back" \
        python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r['ok'] and r['uid'].replace(' ', '').lower() == sys.argv[2].lower(), r
assert r['block_size'] == 4 and r['blocks'][0].replace(' ', '').lower().startswith('e140'), r" "$py" "$uid"
    url_t=https://example.org/type5/$model/written-by-tapcard
    out=$("$tapcard" write uri "$url_t" --reader "$reader" 2>&1)
    py=$(pyscard_type5 12 2 2>&1)
    check "$model: tapcard write --reader verifies, and pyscard's raw blocks hold the NDEF TLV 03 … at block 1" \
        python3 -c "
import json, sys
r = json.loads(sys.argv[1]); out = sys.argv[2]
assert 'Verified' in out, out
assert r['blocks'][1].replace(' ', '').lower().startswith('03'), r" "$py" "$out"
    out=$("$tapcard" read --reader "$reader" --json 2>"$work/read.err")
    check "$model: tapcard read --reader decodes the URI through pcscd (capacity reported by the CC)" python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r['forum_type'] == 5 and r['ndef']['records'][0]['view']['uri'] == sys.argv[2], r
assert r['capacity']['source'] == 'reported', r" "$out" "$url_t"
    watch=$("$tapcard" watch --reader "$reader" --count 1 --json 2>/dev/null)
    check "$model: tapcard watch names the chip from the UID and the NDEF length from the TLV" python3 -c "
import json, sys
w = json.loads(sys.argv[1])
assert w['chip']['model'] == sys.argv[2] and w['ndef_length'] > 0, w" "$watch" "$model"
    stop_emulator
    saved=$("$tapcard" read --tag "$work/$model.nfc" --json 2>&1)
    check "$model: the emulator saved the virtual Type 5 file on SIGTERM, with tapcard's message in it" python3 -c "
import json, sys
r = json.loads(sys.argv[1]); assert r['ndef']['records'][0]['view']['uri'] == sys.argv[2], r" "$saved" "$url_t"
done

# ---- 10b. a MIFARE Classic 1K through the Classic storage-card bridge --------------------------
# tapcard writes the NDEF message (LOAD KEYS, GENERAL AUTHENTICATE, UPDATE BINARY through pcscd);
# pyscard_classic.py, written from PC/SC Part 3 and AN1304, reads the MAD and the NDEF TLV back
# with its own FF 82 / FF 86 / FF B0 and decodes the URI with ndeflib.
"$tapcard" sim new mifare-classic-1k "$work/classic.nfc" --uid 0A0B0C0D >/dev/null
start_emulator "$work/classic.nfc" || not_ok "emulator serves the MIFARE Classic file" "$(cat "$work/emulate.log")"
readers_json=$("$tapcard" readers --json 2>&1)
check "mifare-classic-1k: tapcard readers sees a Classic 1K storage card (ATR standard 03, name 00 01)" python3 -c "
import json, sys
r = json.loads(sys.argv[1])['readers'][0]
assert r['atr'].startswith('3b8f8001804f0ca00000030603000100000000'), r" "$readers_json"
url_c=https://example.org/classic/written-by-tapcard
out=$("$tapcard" write uri "$url_c" --reader "$reader" 2>&1)
py=$(python3 "$here/pyscard_classic.py" "$reader" 2>&1)
check "mifare-classic-1k: tapcard write --reader verifies; pyscard reads the MAD and the NDEF TLV through FF 82/FF 86/FF B0" \
    python3 -c "
import json, sys
out = sys.argv[2]
assert 'Verified' in out, out
r = json.loads(sys.argv[1])
assert r['ok'] and r['card_name'] == '0001' and r['mad_sectors'] == list(range(1, 16)), r
assert r['uris'] == [sys.argv[3]], r" "$py" "$out" "$url_c"
out=$("$tapcard" read --reader "$reader" --json 2>"$work/read.err")
check "mifare-classic-1k: tapcard read --reader decodes the URI through pcscd (forum type 0, capacity reported)" python3 -c "
import json, sys
r = json.loads(sys.argv[1])
assert r['forum_type'] == 0 and r['ndef']['records'][0]['view']['uri'] == sys.argv[2], r
assert r['capacity']['source'] == 'reported', r" "$out" "$url_c"
watch=$("$tapcard" watch --reader "$reader" --count 1 --json 2>/dev/null)
check "mifare-classic-1k: tapcard watch reads it through the same driver (chip, status, capacity, NDEF length)" python3 -c "
import json, sys
w = json.loads(sys.argv[1])
assert w['chip']['model'] == 'mifare-classic-1k' and w['forum_type'] == 0, w
assert w['ndef_status'] == 'read-write' and w['capacity']['source'] == 'reported', w
assert w['ndef_length'] > len(sys.argv[2]) - 12 and w['capability_container'] is None, w" "$watch" "$url_c"
stop_emulator
saved=$("$tapcard" read --tag "$work/classic.nfc" --json 2>&1)
check "mifare-classic-1k: the emulator saved the Flipper Mifare Classic file on SIGTERM, with tapcard's message in it" \
    python3 -c "
import json, sys
r = json.loads(sys.argv[1]); assert r['ndef']['records'][0]['view']['uri'] == sys.argv[2], r" "$saved" "$url_c"

# ---- 11. SUN on an NTAG 424 DNA: provisioned, read and verified through pcscd ----------------
# `ntag424 sdm setup --reader` authenticates (EV2) and writes the template and the SDM settings
# through pcscd; each read — tapcard's, then pyscard's own SELECT + READ BINARY — gets the
# mirrored URL with the next SDMReadCtr, which `tapcard sun verify` accepts with the factory keys.
zero_key=00000000000000000000000000000000
sun_verify() { "$tapcard" sun verify "$1" --meta-key "$zero_key" --file-key "$zero_key" --json "${@:2}"; }
"$tapcard" sim new ntag424 "$work/sun.tag" --uid 04A4B4C4D4E4F4 >/dev/null
start_emulator "$work/sun.tag" || not_ok "emulator serves the SUN file" "$(cat "$work/emulate.log")"
template='https://sun.example.org/tap?picc_data={picc}&enc={enc}&cmac={mac}'
out=$("$tapcard" ntag424 sdm setup --reader "$reader" --url-template "$template" --file-data 'secret-via-pcscd' --json 2>"$work/sun.err")
check "ntag424 sdm setup --reader: the template and SDM settings written and read back through pcscd" \
    python3 -c "import json,sys; r=json.loads(sys.argv[1]); assert r['verified'] is True, (r, sys.argv[2])" "$out" "$(cat "$work/sun.err")"
out=$("$tapcard" read --reader "$reader" --json 2>"$work/read.err")
sun_url1=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['ndef']['records'][0]['view']['uri'])" "$out" 2>&1)
verdict1=$(sun_verify "$sun_url1" --track --db "$work/sun.sqlite" 2>"$work/sun.err")
check "tapcard read --reader gets a SUN URL that tapcard sun verify accepts: UID, counter, file data" python3 -c "
import json, sys
v = json.loads(sys.argv[1]); url = sys.argv[2]
assert url.startswith('https://sun.example.org/tap?picc_data='), url
assert v['valid'] is True and v['uid'] == '04a4b4c4d4e4f4' and v['counter'] >= 1, v
assert v['file_text'] == 'secret-via-pcscd', v" "$verdict1" "$sun_url1"
py=$(pyscard_type4 read 2>&1)
sun_url2=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['records'][0])" "$py" 2>&1)
verdict2=$(sun_verify "$sun_url2" --track --db "$work/sun.sqlite" 2>"$work/sun.err")
check "pyscard (its own SELECT + READ BINARY) reads the next SUN URL: verified, counter one higher" python3 -c "
import json, sys
a = json.loads(sys.argv[1]); b = json.loads(sys.argv[2])
assert sys.argv[3] != sys.argv[4], 'the same URL twice'
assert b['valid'] is True and b['uid'] == a['uid'] and b['counter'] == a['counter'] + 1, (a, b)
assert b['last_counter'] == a['counter'], b" "$verdict1" "$verdict2" "$sun_url1" "$sun_url2"
replay=$(sun_verify "$sun_url1" --track --db "$work/sun.sqlite" 2>"$work/sun.err")
status=$?
check "tapcard sun verify --track refuses the first URL replayed (counter-not-increasing, exit 1)" python3 -c "
import json, sys
r = json.loads(sys.argv[1]); assert sys.argv[2] == '1' and r['reason'] == 'counter-not-increasing', (sys.argv[2], r)" \
    "$replay" "$status"
stop_emulator
counter2=$(json_field counter <<<"$verdict2" 2>&1)
check "the emulator saved the SUN file on SIGTERM with the last read's counter (File E104 SDMReadCtr: $counter2)" \
    grep -qx "File E104 SDMReadCtr: $counter2" "$work/sun.tag"

# ---- 12. focus pair and tap through a desktop reader -------------------------------------------
# `focus pair|tap --reader` read the tag on the reader through pcscd; a tap with no tag on the
# reader waits ("Hold a tag on the reader…") until one arrives. The focus database is its own.
focus_db=$work/focus.sqlite
"$tapcard" sim new ntag213 "$work/focus.nfc" --uid 04F0C5A1B2C3D4 >/dev/null
start_emulator "$work/focus.nfc" || not_ok "emulator serves the focus tag" "$(cat "$work/emulate.log")"
out=$("$tapcard" focus pair --reader "$reader" --db "$focus_db" --json 2>"$work/focus.err")
check "focus pair --reader pairs the tag on the reader (UID 04f0c5a1b2c3d4 through pcscd)" python3 -c "
import json, sys
r = json.loads(sys.argv[1]); assert r['outcome'] == 'paired' and r['tag']['uid']['hex'] == '04f0c5a1b2c3d4', (r, sys.argv[2])" \
    "$out" "$(cat "$work/focus.err")"
out=$("$tapcard" focus tap --reader 0 --db "$focus_db" --json 2>"$work/focus.err")
check "focus tap --reader 0 starts a session with the paired tag" python3 -c "
import json, sys
r = json.loads(sys.argv[1]); assert r['outcome'] == 'started', (r, sys.argv[2])" "$out" "$(cat "$work/focus.err")"
stop_emulator
"$tapcard" focus tap --reader "$reader" --db "$focus_db" --wait 30 --json >"$work/tap.json" 2>"$work/tap.err" &
tap_pid=$!
wait_until 10 grep -q "Hold a tag on the reader" "$work/tap.err"
waited=$?
start_emulator "$work/focus.nfc" || not_ok "emulator serves the focus tag again" "$(cat "$work/emulate.log")"
wait "$tap_pid"
tap_status=$?
check "focus tap --reader with no tag waits ('Hold a tag on the reader…'), then the paired tag ends the session" \
    python3 -c "
import json, sys
r = json.loads(open(sys.argv[1]).read()); assert sys.argv[2] == '0' and sys.argv[3] == '0' and r['outcome'] == 'ended', (sys.argv[2:], r)" \
    "$work/tap.json" "$waited" "$tap_status"
stop_emulator
"$tapcard" sim new ntag213 "$work/stranger.nfc" --uid 04AAAAAAAAAAAA >/dev/null
start_emulator "$work/stranger.nfc" || not_ok "emulator serves a stranger's tag" "$(cat "$work/emulate.log")"
"$tapcard" focus tap --reader 0 --db "$focus_db" --json >"$work/tap.json" 2>"$work/tap.err"
tap_status=$?
check "focus tap --reader refuses a tag that is not the paired one (exit 1)" test "$tap_status" = 1
stop_emulator

echo "# passed $passed failed $failed"
[ "$failed" -eq 0 ]
