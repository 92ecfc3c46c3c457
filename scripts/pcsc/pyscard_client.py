#!/usr/bin/env python3
"""An independent PC/SC client (pyscard, through pcscd): reads a Type 2 tag on READER with PC/SC
Part 3 storage-card APDUs and prints one JSON object: uid, the memory image (PAGES*4 bytes),
GET_VERSION through the ACR122U-style pass-through, and the NDEF URI found (via ndeflib)."""
import json
import sys

import ndef
from smartcard.System import readers

reader_name, pages = sys.argv[1], int(sys.argv[2])
reader = next(r for r in readers() if str(r) == reader_name)
connection = reader.createConnection()
connection.connect()


def transmit(apdu):
    data, sw1, sw2 = connection.transmit(apdu)
    return bytes(data), (sw1 << 8) | sw2


uid, sw = transmit([0xFF, 0xCA, 0x00, 0x00, 0x00])
assert sw == 0x9000, hex(sw)
image = b""
for page in range(0, pages, 4):
    data, sw = transmit([0xFF, 0xB0, 0x00, page, 0x10])
    assert sw == 0x9000, (page, hex(sw))
    image += data
image = image[: pages * 4]
version, sw = transmit([0xFF, 0x00, 0x00, 0x00, 0x03, 0xD4, 0x42, 0x60])
version = version[3:] if sw == 0x9000 and version[:3] == b"\xd5\x43\x00" else b""

uri = None
i = 16
while i < len(image):
    t = image[i]
    if t == 0x00:
        i += 1
        continue
    if t == 0xFE:
        break
    length = image[i + 1]
    if t == 0x03:
        body = image[i + 2 : i + 2 + length]
        records = list(ndef.message_decoder(body)) if length else []
        uri = records[0].iri if records and isinstance(records[0], ndef.UriRecord) else ""
        break
    i += 2 + length
connection.disconnect()
print(json.dumps({"uid": uid.hex(), "image": image.hex(), "version": version.hex(), "uri": uri}))
