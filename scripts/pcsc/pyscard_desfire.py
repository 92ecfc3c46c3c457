#!/usr/bin/env python3
"""An independent MIFARE DESFire client (pyscard, through pcscd), written from NXP's DESFire EV1
datasheet (ISO/IEC 7816-4 wrapping of native commands: CLA 90, answers 91 xx) and AN11004, not
from TapCard. It checks, natively and without any ISO SELECT, what an NDEF format must leave:

  SelectApplication 000000, GetApplicationIDs (chained 91 AF frames): 000001 is listed;
  SelectApplication 000001, GetFileIDs: files 01 (CC) and 02 (NDEF);
  ReadData (90 BD) of file 01: a CC naming E104; of file 02: NLEN, then the message;

and prints {"applications", "files", "cc", "nlen", "records", "free_memory"}. Every answer's status
word is checked; a refusal prints it and exits 1."""
import json
import sys

import ndef
from smartcard.System import readers

reader_name = sys.argv[1]
reader = next(r for r in readers() if str(r) == reader_name)
connection = reader.createConnection()
connection.connect()


def native(ins, data=b"", what=""):
    """One native command wrapped in ISO 7816-4; follows 91 AF with 90 AF; returns the joined data."""
    apdu = [0x90, ins, 0x00, 0x00] + ([len(data)] + list(data) if data else []) + [0x00]
    out = b""
    while True:
        answer, sw1, sw2 = connection.transmit(apdu)
        out += bytes(answer)
        if (sw1, sw2) == (0x91, 0xAF):
            apdu = [0x90, 0xAF, 0x00, 0x00, 0x00]
            continue
        if (sw1, sw2) != (0x91, 0x00):
            print(json.dumps({"error": what or f"90 {ins:02x}", "sw": f"{sw1:02x}{sw2:02x}"}))
            sys.exit(1)
        return out


def read_data(file, offset, length):
    return native(0xBD, bytes([file]) + offset.to_bytes(3, "little") + length.to_bytes(3, "little"), "ReadData")


native(0x5A, b"\x00\x00\x00", "SelectApplication 000000")
ids = native(0x6A, what="GetApplicationIDs")
applications = [ids[i:i + 3][::-1].hex() for i in range(0, len(ids), 3)]
free = int.from_bytes(native(0x6E, what="GetFreeMemory"), "little")
native(0x5A, b"\x01\x00\x00", "SelectApplication 000001")
files = list(native(0x6F, what="GetFileIDs"))
cc = read_data(1, 0, 15)
assert cc[7] == 0x04 and cc[8] == 0x06 and cc[9:11] == b"\xe1\x04", cc.hex()
nlen = int.from_bytes(read_data(2, 0, 2), "big")
message = read_data(2, 2, nlen) if nlen else b""
records = [str(getattr(r, "iri", r)) for r in ndef.message_decoder(message)] if message else []
print(json.dumps({"applications": applications, "files": files, "cc": cc.hex(), "nlen": nlen,
                  "records": records, "free_memory": free}))
