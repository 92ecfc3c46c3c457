#!/usr/bin/env bash
# SUN verification at a backend's pace: TapCard's in-process batch (`tapcard sun verify --jsonl`)
# against nfc-developer's sdm-backend (`libsdm.sdm.decrypt_sun_message`, and `validate_plain_sun`
# for the plain mirror, which decrypt_sun_message does not take) in one Python process, on the
# same generated URLs, side by side in one run. Prints URLs/s of each and the ratio.
#
# usage: scripts/bench-sun.sh [SDM_BACKEND_CHECKOUT] [URLS_PER_KIND, default 100000]
#   TAPCARD=path/to/tapcard   use this binary (default: scripts/build-release.sh, then
#                             .build/release/tapcard)
#
# The URLs are generated here in Python (pycryptodome, else `cryptography`): an implementation
# independent of TapCard's, so every generated URL must verify valid, and the script fails if one
# does not. Kinds: AES (?picc_data=…&cmac=…), AES+enc (?picc_data=…&enc=…&cmac=…, 32 bytes of
# file data), plain (?uid=…&ctr=…&cmac=…), "aes key/url" (every line a JSON object with its own
# meta and file keys, as a batch of tags with their own keys gives), "aes master" (every tag's keys
# derived from one master key the sdm-backend way: `--master-key` here, derive.py there, as its
# app.py calls it), and with a checkout LRP+enc (48-digit PICCData), made with the checkout's own
# LRP code (Python LRP is slow: a twentieth of the count).
# Wall-clock figures on a shared machine: run it on an idle one, and read them as such.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=${1:-}
count=${2:-100000}
if [ -z "${TAPCARD:-}" ]; then
    scripts/build-release.sh >/dev/null
    TAPCARD=.build/release/tapcard
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$checkout" ] && [ ! -f "$checkout/libsdm/sdm.py" ]; then
    echo "note: $checkout is not an sdm-backend checkout (no libsdm/sdm.py): timing TapCard alone." >&2
    checkout=""
fi
if [ -z "$checkout" ]; then
    echo "note: no sdm-backend checkout given (github.com/nfc-developer/sdm-backend): timing TapCard alone." >&2
fi
python3 - "$TAPCARD" "$work" "$count" "$checkout" <<'PYTHON'
import os, random, resource, subprocess, sys, time

tapcard, work, count, checkout = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rng = random.Random(424)

try:
    from Crypto.Cipher import AES as _AES
    from Crypto.Hash import CMAC as _CMAC
    def ecb(key, data): return _AES.new(key, _AES.MODE_ECB).encrypt(data)
    def cbc(key, iv, data): return _AES.new(key, _AES.MODE_CBC, IV=iv).encrypt(data)
    def cmac(key, data): return _CMAC.new(key, ciphermod=_AES).update(data).digest()
except ImportError:
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.cmac import CMAC as _CMAC2
    def ecb(key, data): e = Cipher(algorithms.AES(key), modes.ECB()).encryptor(); return e.update(data) + e.finalize()
    def cbc(key, iv, data): e = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor(); return e.update(data) + e.finalize()
    def cmac(key, data): c = _CMAC2(algorithms.AES(key)); c.update(data); return c.finalize()

meta_key, file_key = bytes(rng.randrange(256) for _ in range(16)), bytes(rng.randrange(256) for _ in range(16))

import hashlib, hmac, json

def hmac16(key, msg, full=False):
    code = hmac.new(key, msg, hashlib.sha256).digest()
    return code if full else code[:16]

# sdm-backend's per-tag keys (libsdm/derive.py, written here again from its description, so the
# URLs do not come from the code they are compared with): meta key HMAC(master, "PICCDataKey"),
# key n of a tag CMAC(HMAC(master, "SlotMasterKey" || n), 01 || HMAC(HMAC(master, "DivBaseKey"), UID)).
master_key = bytes(rng.randrange(256) for _ in range(16))
def derived_meta(master): return hmac16(master, b"PICCDataKey")
def derived_file(master, uid, number=2):
    return cmac(hmac16(master, b"SlotMasterKey" + bytes([number])), b"\x01" + hmac16(hmac16(master, b"DivBaseKey", True), uid))

def sun(kind, uid, ctr):
    if kind == "aes key/url":
        meta, file = bytes(rng.randrange(256) for _ in range(16)), bytes(rng.randrange(256) for _ in range(16))
        url = sun_with("aes", uid, ctr, meta, file)
        return json.dumps({"url": url, "meta_key": meta.hex(), "file_key": file.hex()}), (meta, file)
    if kind == "aes master":
        return sun_with("aes", uid, ctr, derived_meta(master_key), derived_file(master_key, uid)), None
    return sun_with(kind, uid, ctr, meta_key, file_key), None

def sun_with(kind, uid, ctr, meta_key, file_key):
    ctr_le = ctr.to_bytes(3, "little")
    mac_key = cmac(file_key, b"\x3c\xc3\x00\x01\x00\x80" + uid + ctr_le)
    if kind == "plain":
        m = cmac(mac_key, b"")[1::2]
        return f"https://h.example/t?uid={uid.hex().upper()}&ctr={ctr:06X}&cmac={m.hex().upper()}"
    picc = cbc(meta_key, bytes(16), b"\xc7" + uid + ctr_le + bytes(rng.randrange(256) for _ in range(5)))
    if kind == "aes":
        m = cmac(mac_key, b"")[1::2]
        return f"https://h.example/t?picc_data={picc.hex().upper()}&cmac={m.hex().upper()}"
    enc_key = cmac(file_key, b"\xc3\x3c\x00\x01\x00\x80" + uid + ctr_le)
    iv = ecb(enc_key, ctr_le + bytes(13))
    data = cbc(enc_key, iv, bytes(rng.randrange(256) for _ in range(32)))
    enc = data.hex().upper()
    m = cmac(mac_key, (enc + "&cmac=").encode())[1::2]
    return f"https://h.example/t?picc_data={picc.hex().upper()}&enc={enc}&cmac={m.hex().upper()}"

kinds = ["aes", "aes+enc", "plain", "aes key/url", "aes master"]
lrp_class = None
if checkout:
    sys.path.insert(0, checkout)
    from libsdm.lrp import LRP as lrp_class
    kinds.append("lrp+enc")
sizes = {kind: (max(1, count // 20) if kind.startswith("lrp") else count) for kind in kinds}

def sun_lrp(uid, ctr):
    ctr_le = ctr.to_bytes(3, "little")
    rand = bytes(rng.randrange(256) for _ in range(8))
    picc = lrp_class(meta_key, 0, rand, pad=False).encrypt(b"\xc7" + uid + ctr_le + bytes(rng.randrange(256) for _ in range(5)))
    master = lrp_class(file_key, 0).cmac(b"\x00\x01\x00\x80" + uid + ctr_le + b"\x1e\xe1")
    enc = lrp_class(master, 1, ctr_le + bytes(3), pad=False).encrypt(bytes(rng.randrange(256) for _ in range(32))).hex().upper()
    m = lrp_class(master, 0).cmac((enc + "&cmac=").encode())[1::2]
    return f"https://h.example/t?picc_data={(rand + picc).hex().upper()}&enc={enc}&cmac={m.hex().upper()}"

files = {}
line_keys = {}
for kind in kinds:
    path = os.path.join(work, kind.replace("+", "_").replace(" ", "_").replace("/", "_") + ".txt")
    line_keys[kind] = []
    with open(path, "w") as out:
        for n in range(sizes[kind]):
            uid = bytes([0x04]) + bytes(rng.randrange(256) for _ in range(6))
            if kind.startswith("lrp"):
                line, keys = sun_lrp(uid, n % 0xFFFFFF), None
            else:
                line, keys = sun(kind, uid, n % 0xFFFFFF)
            line_keys[kind].append(keys)
            out.write(line + "\n")
    files[kind] = path

def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime

def tapcard_rate(kind):
    out_path = files[kind] + ".out"
    start, cpu = time.perf_counter(), child_cpu()
    keys = {"aes key/url": [], "aes master": ["--master-key", master_key.hex()]}.get(
        kind, ["--meta-key", meta_key.hex(), "--file-key", file_key.hex()])
    with open(out_path, "w") as out:
        status = subprocess.run([tapcard, "sun", "verify", "--jsonl", files[kind]] + keys, stdout=out).returncode
    elapsed, cpu = time.perf_counter() - start, child_cpu() - cpu
    count = sizes[kind]
    with open(out_path) as results:
        valid = sum(1 for line in results if '"valid":true' in line)
    if status != 0 or valid != count:
        sys.exit(f"TapCard: {kind}: exit {status}, {valid} of {count} URLs valid: generator and verifier disagree")
    return count / elapsed, count / cpu

backend = None
if checkout:
    import types
    config = types.ModuleType("config")
    exec(open(os.path.join(checkout, "config.dist.py")).read(), config.__dict__)
    sys.modules["config"] = config
    from libsdm import sdm as backend
    from libsdm import derive as backend_derive
    from urllib.parse import urlsplit, parse_qs

def backend_rate(kind):
    with open(files[kind]) as f:
        lines = [line.strip() for line in f]
    count = sizes[kind]
    start, cpu = time.perf_counter(), time.process_time()
    valid = 0
    for line in lines:
        # A line with its own keys is read as JSON, as TapCard reads it.
        if kind == "aes key/url":
            item = json.loads(line)
            url, meta, file = item["url"], bytes.fromhex(item["meta_key"]), bytes.fromhex(item["file_key"])
        else:
            url, meta, file = line, meta_key, file_key
        q = parse_qs(urlsplit(url).query)
        if kind == "plain":
            backend.validate_plain_sun(bytes.fromhex(q["uid"][0]), bytes.fromhex(q["ctr"][0]),
                                       bytes.fromhex(q["cmac"][0]), file)
            valid += 1
            continue
        enc = bytes.fromhex(q["enc"][0]) if "enc" in q else None
        if kind == "aes master":
            # As sdm-backend's app.py does with a MASTER_KEY: meta key 1 undiversified, file key 2.
            result = backend.decrypt_sun_message(
                backend.ParamMode.SEPARATED, backend_derive.derive_undiversified_key(master_key, 1),
                lambda uid: backend_derive.derive_tag_key(master_key, uid, 2),
                bytes.fromhex(q["picc_data"][0]), bytes.fromhex(q["cmac"][0]), enc)
        else:
            result = backend.decrypt_sun_message(backend.ParamMode.SEPARATED, meta, lambda uid: file,
                                                 bytes.fromhex(q["picc_data"][0]), bytes.fromhex(q["cmac"][0]), enc)
        if result is not None:
            valid += 1
    if valid != count:
        sys.exit(f"sdm-backend: {kind}: {valid} of {count} URLs valid")
    return count / (time.perf_counter() - start), count / (time.process_time() - cpu)

print(f"{count} URLs per kind ({count // 20} for LRP); TapCard: {tapcard} (sun verify --jsonl, one process per kind, start-up included);")
print("sdm-backend: one Python process, URL parsing included. URLs/s per second of CPU time (one core, the")
print("figure a loaded machine does not distort) and per second of wall-clock time (what a user waits).")
print(f"{'kind':12} {'TapCard cpu':>12} {'sdm-backend cpu':>16} {'ratio':>7}   {'TapCard wall':>13} {'sdm-backend wall':>17} {'ratio':>7}")
for kind in kinds:
    ours_wall, ours_cpu = tapcard_rate(kind)
    if backend:
        theirs_wall, theirs_cpu = backend_rate(kind)
        print(f"{kind:12} {ours_cpu:12,.0f} {theirs_cpu:16,.0f} {ours_cpu / theirs_cpu:6.1f}x   "
              f"{ours_wall:13,.0f} {theirs_wall:17,.0f} {ours_wall / theirs_wall:6.1f}x")
    else:
        print(f"{kind:12} {ours_cpu:12,.0f} {'(no checkout)':>16} {'-':>7}   {ours_wall:13,.0f} {'(no checkout)':>17} {'-':>7}")
PYTHON
