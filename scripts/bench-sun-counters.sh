#!/usr/bin/env bash
# Accepted SUN URLs per second through `sun verify --jsonl --track`: one PostgreSQL connection
# (scripts/postgres-test-server.sh, durable as PostgreSQL ships: fsync and synchronous_commit on)
# against the SQLite file (WAL, synchronous = FULL). Every URL carries a new counter, so every line
# is one accepted counter and one committed transaction; the verification itself is a few
# microseconds of it (scripts/bench-sun.sh). Also timed: the same server without durability (the
# test server's settings), for what the commit costs. Wall-clock figures: read them as such on a
# shared machine.
#
# usage: scripts/bench-sun-counters.sh [URLS, default 5000]
#   TAPCARD=path/to/tapcard   the binary (default .build/debug/tapcard, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5000}
if [ -z "${TAPCARD:-}" ]; then
    [ -x .build/debug/tapcard ] || swift build --product tapcard >/dev/null
    TAPCARD=.build/debug/tapcard
fi
work=$(mktemp -d /tmp/tapcard-bench.XXXXXX)
# Each server in a directory of its own under /tmp: run as root, the postgres user must reach it.
durable=$(mktemp -d /tmp/tapcard-pg.XXXXXX)
fast=$(mktemp -d /tmp/tapcard-pg.XXXXXX)
cleanup() {
    for dir in "$durable" "$fast"; do
        if [ -d "$dir/data" ]; then bash scripts/postgres-test-server.sh stop "$dir" || true; fi
    done
    rm -rf "$work" "$durable" "$fast"
}
trap cleanup EXIT
durable_uri=$(POSTGRES_TEST_DURABLE=1 bash scripts/postgres-test-server.sh start "$durable")
fast_uri=$(bash scripts/postgres-test-server.sh start "$fast")
python3 - "$TAPCARD" "$work" "$count" "$durable_uri" "$fast_uri" <<'PYTHON'
import os, random, subprocess, sys, time
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.cmac import CMAC

tapcard, work, count, durable_uri, fast_uri = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
rng = random.Random(38)
meta_key, file_key = bytes(16), bytes(rng.randrange(256) for _ in range(16))

def cmac(key, data):
    c = CMAC(algorithms.AES(key)); c.update(data); return c.finalize()

# Plain mirror URLs (uid=, ctr=, cmac=; AN12196's SV2 and MAC), ten tags, counters rising per tag.
uids = [bytes([0x04]) + bytes(rng.randrange(256) for _ in range(6)) for _ in range(10)]
path = os.path.join(work, "urls.txt")
with open(path, "w") as out:
    for n in range(count):
        uid, ctr = uids[n % len(uids)], n // len(uids)
        mac_key = cmac(file_key, b"\x3c\xc3\x00\x01\x00\x80" + uid + ctr.to_bytes(3, "little"))
        mac = cmac(mac_key, b"")[1::2]
        out.write(f"https://h.example/t?uid={uid.hex().upper()}&ctr={ctr:06X}&cmac={mac.hex().upper()}\n")

def rate(db):
    start = time.perf_counter()
    result = subprocess.run([tapcard, "sun", "verify", "--jsonl", path, "--meta-key", meta_key.hex(),
                             "--file-key", file_key.hex(), "--track", "--db", db], stdout=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    accepted = result.stdout.count(b'"valid":true')
    if result.returncode != 0 or accepted != count:
        sys.exit(f"{db}: exit {result.returncode}, {accepted} of {count} URLs accepted")
    return count / elapsed

figures = [("SQLite file (WAL, synchronous=FULL)", rate(os.path.join(work, "counters.sqlite"))),
           ("PostgreSQL, one connection, durable (fsync, synchronous_commit on)", rate(durable_uri)),
           ("PostgreSQL, one connection, fsync and synchronous_commit off", rate(fast_uri))]
print(f"{count} accepted URLs each (one transaction per URL), {tapcard}:")
for name, value in figures:
    print(f"  {name}: {value:,.0f} URLs/s")
PYTHON
