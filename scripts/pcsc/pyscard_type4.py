#!/usr/bin/env python3
"""An independent NFC Forum Type 4 client (pyscard, through pcscd), written from the T4T 2.0
specification and not from TapCard: SELECT the NDEF application (D2 76 00 00 85 01 01), SELECT
the CC file E103, READ BINARY its 15 bytes, SELECT the NDEF file the CC names, then either

  read               READ BINARY NLEN and the message in chunks of at most MLe, decode it with
                     ndeflib, print {"uid", "atr", "mle", "mlc", "nlen", "reads", "records"}
  write URI          encode a URI record with ndeflib and write it as the T4T spec orders it:
                     NLEN 00 00, the message from offset 2 in chunks of at most MLc, NLEN last;
                     print {"nlen", "updates"}

Every APDU's status word is checked; a refusal prints it and exits 1."""
import json
import sys

import ndef
from smartcard.System import readers

reader_name, action = sys.argv[1], sys.argv[2]
reader = next(r for r in readers() if str(r) == reader_name)
connection = reader.createConnection()
connection.connect()


def transmit(apdu, what):
    data, sw1, sw2 = connection.transmit(list(apdu))
    if (sw1, sw2) != (0x90, 0x00):
        print(json.dumps({"error": what, "sw": f"{sw1:02x}{sw2:02x}"}))
        sys.exit(1)
    return bytes(data)


uid = transmit([0xFF, 0xCA, 0x00, 0x00, 0x00], "GET DATA")
transmit([0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00], "SELECT NDEF application")
transmit([0x00, 0xA4, 0x00, 0x0C, 0x02, 0xE1, 0x03], "SELECT CC")
cc = transmit([0x00, 0xB0, 0x00, 0x00, 0x0F], "READ CC")
mle, mlc = int.from_bytes(cc[3:5], "big"), int.from_bytes(cc[5:7], "big")
assert cc[7] == 0x04 and cc[8] == 0x06, cc.hex()
ndef_file, size = cc[9:11], int.from_bytes(cc[11:13], "big")
transmit([0x00, 0xA4, 0x00, 0x0C, 0x02] + list(ndef_file), "SELECT NDEF file")
read_chunk, write_chunk = min(mle, 255), min(mlc, 255)

if action == "read":
    nlen = int.from_bytes(transmit([0x00, 0xB0, 0x00, 0x00, 0x02], "READ NLEN"), "big")
    message, offset, reads = b"", 2, 1
    while len(message) < nlen:
        count = min(read_chunk, nlen - len(message))
        message += transmit([0x00, 0xB0, offset >> 8, offset & 0xFF, count], "READ BINARY")
        offset += count
        reads += 1
    records = [str(getattr(r, "iri", r)) for r in ndef.message_decoder(message)]
    print(json.dumps({"uid": uid.hex(), "atr": bytes(connection.getATR()).hex(), "mle": mle, "mlc": mlc,
                      "nlen": nlen, "reads": reads, "records": records}))
else:
    message = b"".join(ndef.message_encoder([ndef.UriRecord(sys.argv[3])]))
    assert len(message) <= size - 2
    transmit([0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x00], "UPDATE NLEN 0")
    offset, updates = 2, 1
    for start in range(0, len(message), write_chunk):
        chunk = message[start:start + write_chunk]
        transmit([0x00, 0xD6, offset >> 8, offset & 0xFF, len(chunk)] + list(chunk), "UPDATE BINARY")
        offset += len(chunk)
        updates += 1
    transmit([0x00, 0xD6, 0x00, 0x00, 0x02, len(message) >> 8, len(message) & 0xFF], "UPDATE NLEN")
    print(json.dumps({"nlen": len(message), "updates": updates + 1}))
connection.disconnect()
