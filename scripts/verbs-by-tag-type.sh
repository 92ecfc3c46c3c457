#!/usr/bin/env bash
# Runs every tag verb on a fresh virtual tag of every emulated model and prints one line per run:
#   MODEL|VERB|EXIT STATUS|first line of the error (or of the output when there is none)
# It is what docs/reference/verbs-by-tag-type.md and the README's verb table were made from.
# Usage: scripts/verbs-by-tag-type.sh [path/to/tapcard]   (default .build/debug/tapcard)
# Works in a temporary directory (its own TAPCARD_HOME) and removes it at the end.
set -uo pipefail
tapcard=$(realpath "${1:-.build/debug/tapcard}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export TAPCARD_HOME=$work/home
mkdir -p "$TAPCARD_HOME"
models="ntag210 ntag212 ntag213 ntag215 ntag216 ultralight ultralight-ev1-48 ultralight-ev1-128 ultralight-c ntag203
        ultralight-aes ntag424 type4 desfire-ev1-4k desfire-ev2-8k desfire-ev3-4k icode-slix2 st25dv04k felica-lite-s mifare-classic-1k mifare-classic-4k"
fresh() { # fresh MODEL FILE [blank]: a new virtual tag, as shipped or (blank) with no NDEF format
    local option=
    if [ -n "${3:-}" ]; then option=--blank; fi
    rm -f "$2"
    "$tapcard" sim new "$1" "$2" $option > /dev/null 2>&1 || true
}
run() { # run MODEL VERB ARGUMENTS…
    local model=$1 verb=$2 status first
    shift 2
    "$tapcard" "$@" > out.txt 2> err.txt
    status=$?
    first=$(grep -m1 '^error:' err.txt || true)
    [ -n "$first" ] || first=$(head -1 err.txt)
    [ -n "$first" ] || first=$(head -1 out.txt)
    printf '%s|%s|%s|%s\n' "$model" "$verb" "$status" "$first"
}
for model in $models; do
    case $model in
        felica-lite-s) file=t.felica ;;
        ntag424 | type4 | desfire-ev1-4k | desfire-ev2-8k | desfire-ev3-4k) file=t.tag ;;
        *) file=t.nfc ;;
    esac
    uri=https://example.com/x
    fresh "$model" $file; run "$model" read read --tag $file
    fresh "$model" $file; run "$model" info info --tag $file
    fresh "$model" $file; run "$model" write write uri $uri --tag $file
    case $model in
        ntag424 | type4) # a Type 4 tag ships with its files: there is no blank one to write or format
            rm -f $file; run "$model" "sim new --blank" sim new "$model" $file --blank ;;
        *)
            fresh "$model" $file blank; run "$model" "write (blank tag)" write uri $uri --tag $file
            fresh "$model" $file blank; run "$model" "format (blank tag)" format --tag $file
            ;;
    esac
    fresh "$model" $file; "$tapcard" write uri $uri --tag $file > /dev/null 2>&1
    run "$model" erase erase --tag $file
    fresh "$model" $file; run "$model" "format (as shipped)" format --tag $file
    fresh "$model" $file; "$tapcard" write uri $uri --tag $file > /dev/null 2>&1
    run "$model" "format (holding a message)" format --tag $file
    fresh "$model" $file; run "$model" "lock (unconfirmed)" lock --tag $file
    fresh "$model" $file; run "$model" lock lock --yes-lock-permanently --tag $file
    case $model in
        ultralight-c) # its 3DES key (the datasheet's example key, in cipher order), not a password
            key=49454D4B41455242214E4143554F5946
            fresh "$model" $file; run "$model" protect protect --auth-key $key --tag $file
            run "$model" "unprotect (after protect)" unprotect --auth-key $key --tag $file ;;
        ultralight-aes) # its AES DataProtKey, all zeros as shipped, not a password
            key=00000000000000000000000000000000
            fresh "$model" $file; run "$model" protect protect --auth-key $key --tag $file
            run "$model" "unprotect (after protect)" unprotect --auth-key $key --tag $file ;;
        *)
            fresh "$model" $file; run "$model" protect protect --password 1a2b3c4d --tag $file
            run "$model" "unprotect (after protect)" unprotect --password 1a2b3c4d --tag $file ;;
    esac
    fresh "$model" $file; run "$model" "ntag424 info" ntag424 info --tag $file
    fresh "$model" $file
    run "$model" "ntag424 sdm setup" ntag424 sdm setup --tag $file \
        --url-template 'https://example.com/t?picc_data={picc}&cmac={mac}'
    fresh "$model" $file; rm -f new.keys
    run "$model" "ntag424 keys" ntag424 keys --tag $file --yes-change-keys --generate --new-keys-out new.keys
    rm -rf "$TAPCARD_HOME"; mkdir -p "$TAPCARD_HOME"
    fresh "$model" $file; run "$model" "focus pair" focus pair --tag $file --location desk
    run "$model" "focus tap (start)" focus tap --tag $file
    run "$model" "focus tap (end)" focus tap --tag $file
done
