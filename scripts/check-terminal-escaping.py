#!/usr/bin/env python3
"""Runs tapcard's text commands on a real pseudo-terminal with a tag of hostile records, and fails
if a control or bidi character reaches the terminal raw.

usage: scripts/check-terminal-escaping.py [TAPCARD_BINARY]   (default .build/debug/tapcard)

The in-process test (HostileTextOnTerminalTests) pretends standard output is a terminal; this one
gives the real binary a real one (os.openpty), so the process's own isatty() decides, as it does
for a user. The records: a URI with U+202E (right-to-left override), a text with an escape
sequence, a bell and U+2028, a MIME record whose type and payload hold an OSC title sequence.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "tapcard"))

def record(tnf, type_bytes, payload, first, last):
    header = (0x80 if first else 0) | (0x40 if last else 0) | 0x10 | tnf
    return bytes([header, len(type_bytes), len(payload)]) + type_bytes + payload

uri = record(1, b"U", b"\x04" + "evil\u202emoc.elgoog/x".encode(), True, False)
text = record(1, b"T", b"\x02en" + "\x1b[31mred\x07\u2028x".encode(), False, False)
mime = record(2, "text/x\x1by".encode(), "\x1b]0;title\x07".encode(), False, False)
# Invisible and bidi characters a URI rule or a printer with a short list lets through: ZWSP, ALM,
# LRM, BOM, a soft hyphen, a word joiner and a tag character.
hidden = record(1, b"T", b"\x02en" + "exa\u200bmple \u061c\u200e\ufeff\u00ad\u2060\U000e0041\ufff9a\ufffab\ufffb\u0600".encode(), False, False)
hidden_uri = record(1, b"U", b"\x04" + "exa\u200bmple.com/\u061c".encode(), False, True)
message = (uri + text + mime + hidden + hidden_uri).hex()

def ucd_property(path, name):
    """The code points of property `name` in a Unicode Character Database file (Debian's unicode-data):
    the oracle's own source, independent of the Swift runtime's Unicode tables the printer uses."""
    points = set()
    with open(path, encoding="utf-8") as source:
        for line in source:
            fields = line.split("#")[0].split(";")
            if len(fields) < 2 or fields[1].strip() != name:
                continue
            first, _, last = fields[0].strip().partition("..")
            points.update(range(int(first, 16), int(last or first, 16) + 1))
    if not points:
        sys.exit(f"{path} lists no {name}: install Debian's unicode-data (scripts/install-test-deps.sh)")
    return points

UNSAFE = set(range(0x00, 0x20)) - {0x0A, 0x0D} | set(range(0x7F, 0xA0)) | {0x2028, 0x2029} \
    | ucd_property("/usr/share/unicode/PropList.txt", "Bidi_Control") \
    | ucd_property("/usr/share/unicode/DerivedCoreProperties.txt", "Default_Ignorable_Code_Point") \
    | ucd_property("/usr/share/unicode/extracted/DerivedGeneralCategory.txt", "Cf")

def on_terminal(arguments, environment):
    """Runs the binary with stdout and stderr on a new pseudo-terminal; returns what it printed."""
    leader, follower = os.openpty()
    process = subprocess.Popen([binary] + arguments, stdin=subprocess.DEVNULL, stdout=follower, stderr=follower,
                               env=environment)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait()
    os.close(leader)
    return b"".join(chunks).decode("utf-8", errors="replace")

with tempfile.TemporaryDirectory() as home:
    environment = dict(os.environ, TAPCARD_HOME=home, NO_COLOR="1")
    tag = os.path.join(home, "t.nfc")
    subprocess.run([binary, "sim", "new", "ntag216", tag], check=True, capture_output=True, env=environment)
    subprocess.run([binary, "write", "ndef", message, "--tag", tag], check=True, capture_output=True, env=environment)
    lines = [["read", "--tag", tag], ["info", "--tag", tag], ["decode", message], ["sim", "show", tag], ["tags"],
             ["write", "ndef", message, "--tag", tag], ["read", "--tag", tag, "--json"], ["decode", message, "--json"]]
    failures = []
    for arguments in lines:
        output = on_terminal(arguments, environment)
        raw = sorted({f"U+{ord(c):04X}" for c in output if ord(c) in UNSAFE})
        if raw:
            failures.append(f"tapcard {' '.join(arguments[:2])}: {', '.join(raw)}")
    print(f"terminal escaping: {len(lines)} commands on a pseudo-terminal, {len(failures)} let a control or bidi character through")
    for failure in failures:
        print("  " + failure)
    sys.exit(1 if failures else 0)
