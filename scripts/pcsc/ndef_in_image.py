#!/usr/bin/env python3
"""Prints what the NDEF TLV of a Type 2 memory image holds, decoded with ndeflib: the URI of its
first record, "" for an empty NDEF message, or "torn" when the TLV or message does not decode."""
import sys

import ndef

image = open(sys.argv[1], "rb").read()
i = 16
while i < len(image):
    t = image[i]
    if t == 0x00:
        i += 1
        continue
    if t == 0xFE or i + 1 >= len(image):
        print("torn")
        sys.exit(0)
    length = image[i + 1]
    if t != 0x03:
        i += 2 + length
        continue
    body = image[i + 2 : i + 2 + length]
    try:
        records = list(ndef.message_decoder(body)) if length else []
    except Exception:
        print("torn")
        sys.exit(0)
    print(records[0].iri if records and isinstance(records[0], ndef.UriRecord) else "")
    sys.exit(0)
print("torn")
