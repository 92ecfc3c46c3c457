#!/usr/bin/env python3
"""An independent ISO 15693 (NFC Forum Type 5) storage-card client (pyscard, through pcscd),
written from PC/SC Part 3 and the ISO/IEC 15693 UID rules, not from TapCard:

  1. the ATR must be a Part 3 storage-card ATR, 3B 8F 80 01 80 4F 0C A0 00 00 03 06 SS NN NN
     00 00 00 00 TCK, with SS = 0B (ISO 15693 part 3) and a correct TCK (XOR of T0..last = 0);
  2. GET DATA FF CA 00 00 00 returns the 8-byte UID; E0 (the ISO 15693 allocation class) must be
     at one end; it is printed E0 first;
  3. READ BINARY FF B0 00 <block> 00 for blocks 0 .. count-1 (the first answer gives the block
     size; later reads ask Le = block size);
  4. UPDATE BINARY FF D6 00 <block> <size> <data> with the block's bytes inverted, READ BINARY
     it back, check it, then write the original bytes back and check again.

Usage: pyscard_type5.py READER_NAME [COUNT [WRITE_BLOCK]]   (COUNT 8, WRITE_BLOCK 2 by default)
Prints {"atr", "standard", "card_name", "uid" (E0 first), "uid_as_returned", "block_size", "blocks",
"written_block", "ok"}.
Every status word is checked; a refusal prints it and exits 1."""
import json
import sys
from functools import reduce

from smartcard.System import readers

reader_name = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 8
write_block = int(sys.argv[3]) if len(sys.argv) > 3 else 2
reader = next(r for r in readers() if str(r) == reader_name)
connection = reader.createConnection()
connection.connect()


def fail(what, detail):
    print(json.dumps({"error": what, "detail": detail}))
    sys.exit(1)


def transmit(apdu, what):
    data, sw1, sw2 = connection.transmit(list(apdu))
    if (sw1, sw2) != (0x90, 0x00):
        fail(what, f"status word {sw1:02X} {sw2:02X}")
    return bytes(data)


atr = bytes(connection.getATR())
prefix = bytes([0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06])
if len(atr) != 20 or atr[:12] != prefix or atr[15:19] != bytes(4):
    fail("ATR", f"not a PC/SC Part 3 storage-card ATR: {atr.hex(' ')}")
if reduce(lambda a, b: a ^ b, atr[1:]) != 0:
    fail("ATR", f"TCK does not check: {atr.hex(' ')}")
standard, card_name = atr[12], int.from_bytes(atr[13:15], "big")
if standard != 0x0B:
    fail("ATR", f"standard byte {standard:02X}, expected 0B (ISO 15693 part 3)")

uid = transmit([0xFF, 0xCA, 0x00, 0x00, 0x00], "GET DATA")
if len(uid) != 8 or 0xE0 not in (uid[0], uid[-1]):
    fail("GET DATA", f"not an ISO 15693 UID: {uid.hex(' ')}")
uid_e0_first = uid if uid[0] == 0xE0 else uid[::-1]


def read_block(number, le):
    return transmit([0xFF, 0xB0, number >> 8, number & 0xFF, le], f"READ BINARY block {number}")


first = read_block(0, 0x00)
block_size = len(first)
if block_size not in (1, 2, 4, 8, 16, 32):
    fail("READ BINARY", f"block 0 has {block_size} bytes")
blocks = [first] + [read_block(n, block_size) for n in range(1, count)]
for number, block in enumerate(blocks):
    if len(block) != block_size:
        fail("READ BINARY", f"block {number} has {len(block)} bytes, block 0 had {block_size}")

original = read_block(write_block, block_size)
inverted = bytes(b ^ 0xFF for b in original)
for data in (inverted, original):
    transmit([0xFF, 0xD6, write_block >> 8, write_block & 0xFF, block_size] + list(data), "UPDATE BINARY")
    back = read_block(write_block, block_size)
    if back != data:
        fail("read back", f"block {write_block} holds {back.hex(' ')} after writing {data.hex(' ')}")

print(json.dumps({"atr": atr.hex(), "standard": standard, "card_name": f"{card_name:04x}",
                  "uid": uid_e0_first.hex(), "uid_as_returned": uid.hex(), "block_size": block_size,
                  "blocks": [b.hex() for b in blocks], "written_block": write_block, "ok": True}))
connection.disconnect()
