#!/usr/bin/env python3
"""An independent MIFARE Classic NDEF reader (pyscard, through pcscd), written from PC/SC Part 3
and NXP AN1304 / AN10787, not from TapCard:

  1. the ATR must be a Part 3 storage-card ATR, 3B 8F 80 01 80 4F 0C A0 00 00 03 06 03 NN NN
     00 00 00 00 TCK, standard 03 (ISO 14443 A part 3), card name 00 01 (1K) or 00 02 (4K), and
     a correct TCK (XOR of T0..last = 0);
  2. LOAD KEYS FF 82 00 00 06 A0A1A2A3A4A5 (the MAD key A), GENERAL AUTHENTICATE
     FF 86 00 00 05 01 00 01 60 00 (block 1, key A, slot 0), READ BINARY FF B0 00 01 10 and
     FF B0 00 02 10: MAD1, whose CRC-8 (poly 1D, preset C7, over bytes 1..31) must check;
  3. for each sector the MAD gives to 03E1 (AN1304's NFC Forum AID), in order: LOAD KEYS
     D3F7D3F7D3F7, GENERAL AUTHENTICATE its first block, READ BINARY its data blocks;
  4. the NDEF TLV (03, 1- or 3-byte length) found after any NULL TLVs, its message decoded with
     ndeflib.

Usage: pyscard_classic.py READER_NAME
Prints {"atr", "card_name", "mad_sectors", "tlv_length", "message_hex", "records": [...], "ok"}.
Every status word is checked; a refusal prints it and exits 1."""
import json
import sys
from functools import reduce

import ndef
from smartcard.System import readers

reader = next(r for r in readers() if str(r) == sys.argv[1])
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


def authenticate(block, key):
    transmit([0xFF, 0x82, 0x00, 0x00, 0x06] + list(key), "LOAD KEYS")
    transmit([0xFF, 0x86, 0x00, 0x00, 0x05, 0x01, 0x00, block, 0x60, 0x00], f"GENERAL AUTHENTICATE block {block}")


def read(block):
    data = transmit([0xFF, 0xB0, 0x00, block, 0x10], f"READ BINARY block {block}")
    if len(data) != 16:
        fail("READ BINARY", f"block {block} has {len(data)} bytes")
    return data


atr = bytes(connection.getATR())
prefix = bytes([0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03])
if len(atr) != 20 or atr[:13] != prefix or atr[15:19] != bytes(4):
    fail("ATR", f"not a PC/SC Part 3 ISO 14443 A storage-card ATR: {atr.hex(' ')}")
if reduce(lambda a, b: a ^ b, atr[1:]) != 0:
    fail("ATR", f"TCK does not check: {atr.hex(' ')}")
card_name = int.from_bytes(atr[13:15], "big")
if card_name not in (0x0001, 0x0002):
    fail("ATR", f"card name {card_name:04X} is not MIFARE Classic 1K (0001) or 4K (0002)")

authenticate(1, bytes.fromhex("A0A1A2A3A4A5"))
mad = read(1) + read(2)
crc = 0xC7
for byte in mad[1:]:
    crc ^= byte
    for _ in range(8):
        crc = ((crc << 1) ^ 0x1D) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
if crc != mad[0]:
    fail("MAD", f"CRC {mad[0]:02X} stored, {crc:02X} computed")
sectors = [s for s in range(1, 16) if mad[2 * s:2 * s + 2] == bytes([0x03, 0xE1])]
if not sectors:
    fail("MAD", "no sector for the NFC Forum AID 03E1")

area = b""
for sector in sectors:
    authenticate(sector * 4, bytes.fromhex("D3F7D3F7D3F7"))
    for block in range(sector * 4, sector * 4 + 3):
        area += read(block)

offset = 0
while offset < len(area) and area[offset] == 0x00:
    offset += 1
if offset >= len(area) or area[offset] != 0x03:
    fail("TLV", f"no NDEF TLV at area offset {offset}: {area[offset:offset + 4].hex(' ')}")
length = area[offset + 1]
start = offset + 2
if length == 0xFF:
    length = int.from_bytes(area[offset + 2:offset + 4], "big")
    start = offset + 4
message = area[start:start + length]
records = [str(record) for record in ndef.message_decoder(message)]
uris = [record.iri for record in ndef.message_decoder(message) if isinstance(record, ndef.UriRecord)]
print(json.dumps({"atr": atr.hex(), "card_name": f"{card_name:04x}", "mad_sectors": sectors, "tlv_length": length,
                  "message_hex": message.hex(), "records": records, "uris": uris, "ok": True}))
connection.disconnect()
