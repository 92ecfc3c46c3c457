#!/usr/bin/env python3
"""Writes an NTAG213 memory image (180 bytes) holding one NDEF URI record, built with ndeflib
(independent of TapCard). Layout from the NTAG213/215/216 datasheet §8.5: UID and BCCs in pages
0-2, CC E1 10 12 00 in page 3, NDEF TLV from page 4, dynamic lock page 40, CFG0/CFG1 41-42,
PWD/PACK 43-44 left at zero so that what a reader reads back equals the image."""
import sys
import ndef

path, url = sys.argv[1], sys.argv[2]
uid = bytes.fromhex("04A1B2C3D4E5F6")
image = bytearray(180)
image[0:3] = uid[0:3]
image[3] = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
image[4:8] = uid[3:7]
image[8] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
image[9] = 0x48
image[12:16] = bytes([0xE1, 0x10, 0x12, 0x00])
message = b"".join(ndef.message_encoder([ndef.UriRecord(url)]))
tlv = bytes([0x03, len(message)]) + message + bytes([0xFE])
image[16:16 + len(tlv)] = tlv
image[41 * 4:41 * 4 + 4] = bytes([0x04, 0x00, 0x00, 0xFF])  # CFG0: AUTH0 = FF (no password)
image[42 * 4:42 * 4 + 4] = bytes([0x00, 0x05, 0x00, 0x00])  # CFG1
with open(path, "wb") as f:
    f.write(image)
print(image.hex())
