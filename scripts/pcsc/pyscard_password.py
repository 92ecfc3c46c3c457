#!/usr/bin/env python3
"""An independent check of NTAG21x password protection through pcscd (pyscard): resets the card
(a new RF session, so no password is in effect), rewrites PAGE with the bytes it holds (UPDATE
BINARY, FF D6) without a password, resets the card again (the refusal was the tag's NAK, which sends
an NTAG to IDLE until it is selected anew, as on a real reader), then presents PASSWORD with PWD_AUTH through the ACR122U-style
pass-through (FF 00 00 00 05 D4 42 1B …) and rewrites the page again. Prints one JSON object: the
status word of each rewrite and the PACK the tag answered (null when it refused)."""
import json
import sys

from smartcard.scard import SCARD_RESET_CARD, SCARD_SHARE_SHARED
from smartcard.System import readers

reader_name, page, password = sys.argv[1], int(sys.argv[2]), bytes.fromhex(sys.argv[3])
reader = next(r for r in readers() if str(r) == reader_name)
connection = reader.createConnection()
connection.connect()
connection.reconnect(mode=SCARD_SHARE_SHARED, disposition=SCARD_RESET_CARD)


def transmit(apdu):
    data, sw1, sw2 = connection.transmit(list(apdu))
    return bytes(data), (sw1 << 8) | sw2


current, sw = transmit([0xFF, 0xB0, 0x00, page, 0x04])
assert sw == 0x9000, hex(sw)
_, without = transmit([0xFF, 0xD6, 0x00, page, 0x04] + list(current))
connection.reconnect(mode=SCARD_SHARE_SHARED, disposition=SCARD_RESET_CARD)
answer, sw = transmit([0xFF, 0x00, 0x00, 0x00, 0x07, 0xD4, 0x42, 0x1B] + list(password))
pack = answer[3:].hex() if sw == 0x9000 and answer[:3] == b"\xd5\x43\x00" and len(answer) == 5 else None
_, with_password = transmit([0xFF, 0xD6, 0x00, page, 0x04] + list(current))
connection.disconnect()
print(json.dumps({"without_password_sw": f"{without:04x}", "pack": pack, "with_password_sw": f"{with_password:04x}"}))
