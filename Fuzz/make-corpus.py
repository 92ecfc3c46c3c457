#!/usr/bin/env python3
"""Builds the seed corpora under Fuzz/Corpus/<target>/ from the test vectors and fixtures.

Run from the repository root: python3 Fuzz/make-corpus.py. The output is deterministic and
checked in; ndeflib (scripts/install-test-deps.sh) generates the realistic NDEF messages, so the
seeds agree with an independent encoder. Sources:
  - NDEF known answers from /work/shared/reference/peers.md (verified against ndeflib 0.3.3);
  - Tests/Fixtures/type2-real/*: real tag dumps (dump.bin, source.nfc, expected.json);
  - hand-built edge cases: chunked records, long (non-SR) records, IDs, every TNF.
"""
import json
import pathlib
import shutil

import ndef

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"
# The shared fixture set has expected.json next to each dump; the repository's copy may not.
SHARED = pathlib.Path("/work/shared/fixtures/type2-real")
FIXTURES = SHARED if SHARED.is_dir() else ROOT / "Tests" / "Fixtures" / "type2-real"


def fixtures():
    return sorted(folder for folder in FIXTURES.iterdir() if (folder / "dump.bin").is_file())


def write(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    (folder / name).write_bytes(bytes(data))


def message(*records):
    return b"".join(ndef.message_encoder(list(records)))


VCARD = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEND:VCARD\r\n"
VCARD_FULL = (
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Müller;Jürgen;Karl;Dr.;\r\nFN:Dr. Jürgen Karl Müller\r\n"
    "ORG:Example GmbH\r\nTITLE:Head of NFC\r\nTEL;TYPE=CELL:+49 170 1234567\r\n"
    "TEL;TYPE=WORK,VOICE:+49 30 123456\r\nEMAIL;TYPE=INTERNET:juergen@example.com\r\n"
    "URL:https://example.com/~jk\r\nADR;TYPE=WORK:;;Unter den Linden 1;Berlin;;10117;Germany\r\n"
    "NOTE:Line one\\nLine two\\, with comma\\; and semicolon\r\nEND:VCARD\r\n"
)
VCARD_21_QP = (
    "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=96zt=C3=BCrk;Ay=C5=9Fe\r\n"
    "FN:Ayse Ozturk\r\nTEL;CELL:+90 555 000 0000\r\nNOTE;ENCODING=QUOTED-PRINTABLE:soft=\r\n break\r\n"
    "END:VCARD\r\n"
)
VCARD_40_FOLDED = (
    "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:A very long name that is folded across\r\n  two lines\r\n"
    "item1.EMAIL;TYPE=home:a@example.org\r\nitem1.X-ABLabel:private\r\nX-UNKNOWN;FOO=bar:baz\r\n"
    "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ==\r\nEND:VCARD\r\n"
)


def ndef_seeds():
    known = {
        "kat-uri-https": "D1010C5504" + "6578616D706C652E636F6D".lower(),
        "kat-uri-http-www": "D1010D5501" + "6578616d706c652e636f6d2f",
        "kat-text-hello": "D101085402656E48656C6C6F",
        "kat-text-emoji": "D101075402656EF09F9880",
        "kat-text-utf16": "D101095482656EFFFE48006900",
        "empty-record": "D00000",
    }
    for name, hex_text in known.items():
        write("ndef", name, bytes.fromhex(hex_text))
    write("ndef", "kat-vcard", message(ndef.Record("text/vcard", "", VCARD.encode())))
    write("ndef", "uri-long-path", message(ndef.UriRecord("https://example.com/" + "a/b?c=d&e=f#g" * 8)))
    write("ndef", "text-fr", message(ndef.TextRecord("Bonjour à tous", "fr")))
    poster = ndef.SmartposterRecord("https://example.com/menu")
    poster.set_title("Menu", "en")
    poster.set_title("Carte", "fr")
    poster.action = "exec"
    poster.resource_size = 1234
    poster.resource_type = "text/html"
    write("ndef", "smart-poster", message(poster))
    write(
        "ndef",
        "multi-record",
        message(
            ndef.UriRecord("https://example.com/p/42"),
            ndef.TextRecord("Visit us", "en"),
            ndef.Record("urn:nfc:ext:android.com:pkg", "", b"com.example.app"),
        ),
    )
    write("ndef", "external", message(ndef.Record("urn:nfc:ext:example.com:thing", "id1", b"\x00\x01\x02")))
    write("ndef", "absolute-uri", message(ndef.Record("https://example.com/schema", "", b"{}")))
    write("ndef", "mime-long", message(ndef.Record("application/octet-stream", "", bytes(range(256)) * 2)))
    write("ndef", "unknown-tnf5", bytes([0xD5, 0x00, 0x03, 0x01, 0x02, 0x03]))
    # A chunked record (NDEF 1.0 §2.3.3): initial chunk CF with TNF 1 "T", then TNF 6 chunks.
    chunked = bytes([0xB1, 0x01, 0x04, 0x54, 0x02, 0x65, 0x6E, 0x48])  # MB CF SR, type T, "\x02enH"
    chunked += bytes([0x36, 0x00, 0x02, 0x65, 0x6C])  # CF SR TNF6 "el"
    chunked += bytes([0x56, 0x00, 0x02, 0x6C, 0x6F])  # ME SR TNF6 "lo"
    write("ndef", "chunked-text", chunked)
    # A record with an ID (IL) and a long (4-byte) payload length.
    write("ndef", "long-with-id", bytes([0xC9, 0x01, 0, 0, 0, 5, 0x02, 0x55, 0x69, 0x64, 0x04]) + b"a.bc")
    # URIs with a typed view (RFC 3966, 5724, 6068, 5870). Named to sort after the older seeds, so
    # the jsonl seeds derived from the first ones keep their bytes.
    write("ndef", "uri-scheme-tel", message(ndef.UriRecord("tel:+1-555-0100;ext=42")))
    write("ndef", "uri-scheme-sms", message(ndef.UriRecord("sms:+15550100?body=Table%204%20%26%20caf%C3%A9")))
    write("ndef", "uri-scheme-mailto", message(ndef.UriRecord("mailto:ada@example.com?subject=Hi&body=a%0D%0Ab")))
    write("ndef", "uri-scheme-geo", message(ndef.UriRecord("geo:-33.8568,151.2153,12;u=35")))
    # Bluetooth Secure Simple Pairing OOB data (application/vnd.bluetooth.ep.oob).
    oob = ndef.BluetoothEasyPairingRecord("00:1A:7D:DA:71:13")
    oob.device_name = "Speaker"
    oob.device_class = 0x240404
    write("ndef", "vnd-bluetooth-oob", message(oob))
    oob.simple_pairing_hash_192 = 0x00112233445566778899AABBCCDDEEFF
    oob.add_service_class(0x110B)
    write("ndef", "vnd-bluetooth-oob-extras", message(oob))
    # Typed records (TNF 1, 2) without a type: kept and flagged, refused by --strict.
    write("ndef", "without-type-wkt", bytes([0xD1, 0x00, 0x02, 0x01, 0x02]))
    write("ndef", "without-type-media", bytes([0x91, 0x01, 0x01, 0x55, 0x00, 0x52, 0x00, 0x01, 0x07]))
    for fixture in fixtures():
        expected_file = fixture / "expected.json"
        expected = json.loads(expected_file.read_text()) if expected_file.is_file() else {}
        if expected.get("ndef_message_hex"):
            write("ndef", "fixture-" + fixture.name, bytes.fromhex(expected["ndef_message_hex"]))


def contact_seeds():
    for name, text in [("v30", VCARD), ("v30-full", VCARD_FULL), ("v21-qp", VCARD_21_QP), ("v40-folded", VCARD_40_FOLDED)]:
        write("vcard", name, text)
    write("vcard", "lf-only", VCARD_FULL.replace("\r\n", "\n"))
    write("vcard", "two-cards", VCARD + VCARD_FULL)
    mecards = {
        "simple": "MECARD:N:Doe,Jane;TEL:+15551234567;EMAIL:jane@example.com;;",
        "full": "MECARD:N:Müller,Jürgen;SOUND:myuller,juergen;TEL:+4930123456;TEL:+49170;EMAIL:j@example.com;"
        "NOTE:Escaped\\: colon\\; semi\\, comma;BDAY:19700101;ADR:Unter den Linden 1, Berlin;"
        "URL:https\\://example.com;NICKNAME:JK;ORG:Example;;",
        "minimal": "MECARD:N:A;;",
        "lowercase": "mecard:n:x;;",
    }
    for name, text in mecards.items():
        write("mecard", name, text)


def type2_seeds():
    for fixture in fixtures():
        dump = (fixture / "dump.bin").read_bytes()
        # First byte: low bits pick the declared chip (0 = none), high nibble the message size.
        for selector in (0x00, 0x11, 0x22, 0x33):
            write("type2", f"{fixture.name}-{selector:02x}", bytes([selector]) + dump)
        write("flipper", fixture.name, (fixture / "source.nfc").read_bytes())


def emulator_seeds():
    def frames(model, *commands):
        out = bytes([model])
        for command in commands:
            out += bytes([len(command)]) + bytes(command)
        return out

    page = [0x03, 0x0C, 0xD1, 0x01]
    write("emulator", "version-read-write", frames(2, [0x60], [0x30, 0x04], [0xA2, 0x04] + page, [0x30, 0x04]))
    write("emulator", "fast-read-sig-cnt", frames(4, [0x3A, 0x00, 0x2C], [0x3C, 0x00], [0x39, 0x02]))
    write("emulator", "pwd-auth", frames(3, [0x1B, 0xFF, 0xFF, 0xFF, 0xFF], [0x30, 0x29], [0xA2, 0x2B, 1, 2, 3, 4]))
    write("emulator", "compat-write", frames(2, [0xA0, 0x05], [0x00] * 16, [0x30, 0x05]))
    write("emulator", "lock-bytes", frames(2, [0xA2, 0x02, 0x00, 0x00, 0xFF, 0xFF], [0xA2, 0x28, 0xFF, 0xFF, 0xFF, 0x00]))
    write("emulator", "otp-cc", frames(5, [0xA2, 0x03, 0xE1, 0x10, 0x06, 0x00], [0x30, 0x03]))
    write("emulator", "ev1-counter", frames(6, [0xA5, 0x00, 1, 0, 0, 0], [0x39, 0x00], [0x3E, 0x00], [0x60]))
    write("emulator", "out-of-range", frames(0, [0x30, 0xFF], [0xA2, 0xFF, 0, 0, 0, 0], [0x3A, 0x10, 0x00]))
    write("emulator", "halt-garbage", frames(1, [0x50, 0x00], [0x99], [], [0x30]))


def pcsc_seeds():
    def frames(scenario, *answers):
        out = bytes([scenario])
        for answer in answers:
            out += bytes([len(answer)]) + bytes(answer)
        return out

    ok = [0x90, 0x00]
    page_data = list(range(16))
    uid = [0x04, 0x5E, 0xC8, 0xBA, 0x07, 0x4F, 0x81]
    # Scenario 0: the storage-card transport's reader answers (GET UID, READ BINARY, pass-through).
    write("pcsc", "storage-ok", frames(0, uid + ok, page_data + ok, page_data * 2 + ok, [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03] + ok, [0x0A] + ok))
    write("pcsc", "storage-errors", frames(0, [0x63, 0x00], [0x6A, 0x81], [0x6D, 0x00], [0x90], [], [0x0A, 0x90, 0x00]))
    # Scenario 1: a Type 4 NDEF read: select app, select CC, CC file, select NDEF, NLEN, message.
    cc = [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x00, 0x32, 0x00, 0x00]
    message = list(bytes.fromhex("D1010C55046578616D706C652E636F6D"))
    write("pcsc", "type4-read", frames(1, ok, ok, cc + ok, ok, [0x00, len(message)] + ok, message + ok))
    write("pcsc", "type4-big-nlen", frames(1, ok, ok, cc + ok, ok, [0xFF, 0xFF] + ok, message + ok))
    # Scenario 2: ATRs and vpcd payloads.
    write("pcsc", "atr-ultralight", bytes([2]) + bytes.fromhex("3B8F8001804F0CA0000003060300030000000068"))
    write("pcsc", "atr-type4", bytes([2]) + bytes.fromhex("3B8180018080"))
    write("pcsc", "vpcd-control", bytes([2, 4]))
    # Scenario 3: APDUs to the storage-card bridge (GET DATA UID, READ BINARY, UPDATE BINARY, pass-through).
    write("pcsc", "bridge-apdus", frames(3, [0xFF, 0xCA, 0x00, 0x00, 0x00], [0xFF, 0xB0, 0x00, 0x04, 0x10],
                                           [0xFF, 0xD6, 0x00, 0x05, 0x04, 1, 2, 3, 4], [0xFF, 0x00, 0x00, 0x00, 0x02, 0x30, 0x04],
                                           [0xFF, 0xCA, 0x01, 0x00, 0x00], [0x00], [0xFF, 0xB0, 0x00, 0xFF, 0xFF]))


def jsonl_seeds():
    # Mode byte: even = the rest is the text of a --jsonl input; odd = the rest is one NDEF
    # message, hex-encoded into one line (bit 1: uppercase, bit 2: CRLF).
    messages = sorted((CORPUS / "ndef").iterdir())
    lines = [path.read_bytes().hex() for path in messages[:12]]
    write("jsonl", "lines", b"\x00" + ("\n".join(lines) + "\n").encode())
    write("jsonl", "lines-crlf-upper", b"\x00" + ("\r\n".join(line.upper() for line in lines)).encode())
    write("jsonl", "bad-lines", b"\x00D1010C55046578616D706C652E636F6D\r\n0xZZ\n\nd1 01 0c 55\nD10\n")
    for index, path in enumerate(messages):
        write("jsonl", "message-" + path.name, bytes([1 + 2 * (index % 4)]) + path.read_bytes())


def csv_seeds():
    write("csv", "profiles", 'name,org,title,tel,email,url,adr,note,family,given\r\n"Doe, Jane",Acme,CEO,+15551234,'
          'jane@acme.example,https://acme.example,"1 Main St;Springfield",,Doe,Jane\r\n'
          'Bob,,,+1,,,,"multi\nline ""quoted"" note",,\n')
    write("csv", "repeated-columns", "name,tel,tel,email,email\nAda,+1,+2,a@x.example,b@x.example\n")
    write("csv", "urls", "url\nhttps://example.com/1\nhttps://example.com/2\n")
    write("csv", "bare-urls", "https://a.example\nhttps://b.example\r\n")
    write("csv", "unterminated", 'name\n"Jane\n')


def type4_seeds():
    # shared/reference/type4-type5-ntag424.md §1.5 and §2.1-2.2: each seed is a CC file followed by
    # an NDEF length field, or an NTAG 424 DNA answer the same target parses.
    nfcpy = bytes.fromhex("000F20003B00340406E10408000000")  # V-T4T-1
    write("type4", "cc-nfcpy-nlen14", nfcpy + bytes.fromhex("000E"))
    write("type4", "cc-nfcpy-nlen-too-big", nfcpy + bytes.fromhex("07FF"))
    ntag424 = bytes.fromhex("00 17 20 01 00 00 FF 04 06 E1 04 01 00 00 00 05 06 E1 05 00 80 82 83") + bytes(9)  # V-T4T-3
    write("type4", "cc-ntag424-factory", ntag424)
    write("type4", "cc-ntag424-first-read", ntag424[:15] + bytes.fromhex("0000"))
    write("type4", "cc-access-81-81", nfcpy[:13] + bytes.fromhex("8181"))
    write("type4", "cc-read-only", nfcpy[:13] + bytes.fromhex("00FF") + bytes.fromhex("0010"))
    write("type4", "cc-extended-v3", bytes.fromhex("00113000FF00FF0608E1040001000000000000002A"))
    write("type4", "cc-unknown-tlv", bytes.fromhex("00 1A 20 00 3B 00 34 04 06 E1 04 08 00 00 00 0A 01 99 05 06 E1 05 00 80 00 00"))
    write("type4", "cc-soft-limits", bytes.fromhex("000F20000A00000406E10400040000"))
    write("type4", "ntag424-settings-ndef", bytes.fromhex("0000E0EE000100"))
    write("type4", "ntag424-settings-sdm", bytes.fromhex("0040E0EE000100C1F121200000"))
    write("type4", "ntag424-version", bytes.fromhex("04040830001105" "04040201021105" "04873D2AAA6180CD65945110" "3918"))


def apdu_seeds():
    write("apdu", "select-ndef-app", bytes.fromhex("00A4040007D276000085010100"))
    write("apdu", "select-cc", bytes.fromhex("00A4000C02E103"))
    write("apdu", "read-binary-le", bytes.fromhex("00B000000F"))
    write("apdu", "read-binary-extended-le", bytes.fromhex("00B00002" "0000CE"))  # V-T4T-2 (Android)
    write("apdu", "update-binary", bytes.fromhex("00D6000002" "0000"))
    write("apdu", "native-get-file-settings", bytes.fromhex("90F500000102" "00"))
    write("apdu", "extended-case4", bytes.fromhex("00D60000" "000003" "010203" "0100"))
    write("apdu", "response-data-9000", bytes.fromhex("000F9000"))
    write("apdu", "response-91af", bytes.fromhex("0404083000110591AF"))
    write("apdu", "header-only", bytes.fromhex("00A40400"))


def emulator4_seeds():
    def apdus(model, *commands):
        out = bytes([model])
        for command in commands:
            raw = bytes.fromhex(command)
            out += bytes([len(raw)]) + raw
        return out

    select = "00A4040007D276000085010100"
    write("emulator4", "t4t-read", apdus(0, select, "00A4000C02E103", "00B000000F", "00A4000C02E104", "00B0000002"))
    write("emulator4", "t4t-write", apdus(0, select, "00A4000C02E104", "00D6000002" "0000", "00D6000203" "D00000",
                                          "00D6000002" "0003"))
    write("emulator4", "t4t-iphone-probe", apdus(0, select, select, "9060000000", "00A404001" "0A0000003965643414" "1FFFFFFFFFFFFFF00"))
    write("emulator4", "424-version", apdus(1, select, "9060000000", "90AF000000", "90AF000000"))
    write("emulator4", "424-settings-sig", apdus(1, select, "90F500000102" "00", "903C0000010000", "00B0820500"))
    write("emulator4", "424-proprietary", apdus(1, select, "00A4000C02E105", "00B0000010", "00D6000001" "FF"))
    write("emulator4", "424-auth", apdus(1, select, "9071000002" "0000" "00", "90AF000020" + "00" * 32 + "00"))
    write("emulator4", "garbage", apdus(1, "00", "FFFFFFFF", "00B0FFFF00", "00D67FFF01AA"))
    # Selector 2: the MIFARE DESFire EV3 4K. AN11004's format without authentication (factory key
    # settings 0F allow it; the CC WriteData is then refused 91 AE), then a Type 4 reader's view.
    write("emulator4", "desfire-version", apdus(2, "9060000000", "90AF000000", "90AF000000", "906E000000"))
    write("emulator4", "desfire-format", apdus(
        2, "905A00000300000000", "90CA00000E" "010000" "0FA1" "10E1" "D2760000850101" "00",
        "905A00000301000000", "90CD000009" "0103E1" "00" "00E0" "0F0000" "00",
        "908D000016" "01000000" "0F0000" "000F20003B00340406E10400800000" "00",
        "90CD0000090204E100E0EE80000000", "903D00000902000000020000000000", select, "00A4000C02E104",
        "00B0000002", "90BD0000070200000000000000", "90AF000000"))


def type5_seeds():
    # shared/reference/type4-type5-ntag424.md §3.3 and §3.5 (V-T5T-1): selector byte (block size
    # 4, memory known, message length from bits 3-7), a GET SYSTEM INFO payload, then memory.
    sysinfo = bytes.fromhex("0FE74440025001 04E0 00001B0301".replace(" ", ""))
    slix = bytes.fromhex("E1400E01 0300FE00") + bytes(104)
    write("type5", "slix-trace-empty", bytes([0x04 | 3 << 3]) + sysinfo + slix)
    write("type5", "slix2-formatted", bytes([0x04 | 1 << 3]) + sysinfo + bytes.fromhex("E1402708 0300FE00") + bytes(308))
    write("type5", "st-8byte-e2", bytes([0x04 | 30 << 3]) + sysinfo + bytes.fromhex("E2400001 0000012B 0300FE") + bytes(600))
    write("type5", "three-byte-length", bytes([0x05]) + sysinfo + bytes.fromhex("E1404000 03FF0100") + bytes(300))
    write("type5", "control-tlv", bytes([0x04]) + sysinfo + bytes.fromhex("E1400E00 010300 1004 0300FE") + bytes(40))
    write("type5", "blank", bytes([0x04]) + sysinfo + bytes(112))


def iso15693_seeds():
    # §3.5 trace frames with their CRCs (§3.1): inventory, GET SYSTEM INFO, READ SINGLE BLOCK, a response.
    write("iso15693", "inventory", bytes.fromhex("260100F60A"))
    write("iso15693", "get-system-info", bytes.fromhex("222BE744400250010 4E017FE".replace(" ", "")))
    write("iso15693", "read-block-0", bytes.fromhex("4220003156"))
    write("iso15693", "cc-response", bytes.fromhex("0000E1400E0151D2"))
    write("iso15693", "custom-read-signature", bytes.fromhex("22BD04E74440025001 04E0".replace(" ", "") + "0000"))


def type3_seeds():
    # nfcpy tt3_sony.py FelicaLite._format: Ver 10, Nbr 4, Nbw 1, Nmaxb 13, RW 01, checksum 0023;
    # then a Lite-S MC block (factory: FF FF FF 00 07 ...), then a message.
    def attribute(ln=0, writef=0, rw=1, nmaxb=13):
        block = bytearray([0x10, 4, 1, nmaxb >> 8, nmaxb & 0xFF, 0, 0, 0, 0, writef, rw, ln >> 16, (ln >> 8) & 0xFF, ln & 0xFF])
        return bytes(block) + sum(block).to_bytes(2, "big")
    factory_mc = bytes.fromhex("FFFFFF0007") + bytes(11)
    message = bytes.fromhex("D1010F55036578616D706C652E636F6D2F")
    write("type3", "formatted-empty", attribute() + factory_mc)
    write("type3", "uri-message", attribute(len(message)) + bytes.fromhex("FFFFFF0107") + bytes(11) + message)
    write("type3", "write-in-progress", attribute(17, writef=0x0F) + factory_mc + message)
    write("type3", "read-only", attribute(17, rw=0) + bytes.fromhex("0000000107") + bytes(11))
    write("type3", "full", attribute(208) + factory_mc + bytes(range(208)))
    write("type3", "bad-checksum", attribute()[:15] + b"\x00" + factory_mc)


def sun_seeds():
    # shared/reference/type4-type5-ntag424.md §2.8: the worked SUN URLs of every style (S2, S3, S5,
    # S6 in the bulk style, S7, S9), and near misses (one MAC digit, LRP-sized PICCData, no MAC).
    write("sun", "s2-e-c", "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086")
    write("sun", "s3-picc-enc-cmac", "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40"
          "&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6")
    write("sun", "s5-plain", "https://example.com/?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3")
    write("sun", "s6-bulk", "https://sdm.example/tag?e=8ACADDEF0A9B62CDAE39A16B83FC14DE"
          "B8436E11F627BB7F543FCC0C1E0D1A89238B2543A8DEBAD8")
    write("sun", "s7-48-byte-enc", "https://sdm.nfcdeveloper.com/tagpt?picc_data=4E8D0223F8C17CDCCE5BC24076CFAA0D"
          "&enc=B56FED7FF7B23791C0684F17E117C97450723BB5C104E809C8929F0264CB99F9969D07FC32BB2D11995AEF826E355097"
          "&cmac=5FD76DE4BD942DFC")
    write("sun", "s9-boltcard", "lnurlw://card.yourdomain.com/ln?p=e61cb056f52d34f9368f079d1814d2cf&c=fcc9a22201ea2298")
    write("sun", "s2-mac-altered", "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337087")
    write("sun", "lrp-sized-picc", "https://x.example/?picc_data=" + "A" * 48 + "&cmac=94EED9EE65337086")
    write("sun", "no-mac", "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88")


def securemessaging_seeds():
    # §2.5: selector byte (0 = V-SM-1's MAC session, 1 = V-SM-3's FULL session, 2 = the session's
    # TI and keys follow), then the response APDU.
    write("securemessaging", "v-sm-1-get-file-settings-mac", bytes([0]) + bytes.fromhex(
        "0040EEEE000100D1FE001F00004400004400002000006A0000" "2A474282E7A47986" "9100"))
    write("securemessaging", "v-sm-3-get-card-uid-full", bytes([1]) + bytes.fromhex(
        "70756055688505B52A5E26E59E329CD6" "595F672298EA41B7" "9100"))
    write("securemessaging", "v-sm-3-keys-inline", bytes([2]) + bytes.fromhex(
        "DF055522" "2B4D963C014DC36F24F69A50A394F875" "379D32130CE61705DD5FD8C36B95D764"
        "70756055688505B52A5E26E59E329CD6" "595F672298EA41B7" "9100"))
    write("securemessaging", "mac-only-answer", bytes([1]) + bytes.fromhex("595F672298EA41B7" "9100"))
    write("securemessaging", "refused", bytes([0]) + bytes.fromhex("919E"))
    write("securemessaging", "last-counter", bytes([0xFD]) + bytes.fromhex("00" * 24 + "9100"))


def desfire_seeds():
    # Real GetVersion answers (28 bytes, frames joined), as cited in
    # Tests/TagMappings/Type4Tests/DESFire/DESFireVersionTests.swift: EV1 2K (flipperzero-firmware
    # issue #1430), EV2 8K (flipperzero-firmware NfcFileFormats.md), EV3 4K (pastebin.com/q9RDpy2y),
    # and an NTAG 424 DNA (reference §2.1), which answers the same command.
    write("desfire", "version-ev1-2k", bytes.fromhex("04010101001605" "04010101041605" "048B37FAF33980BA5490DB802114"))
    write("desfire", "version-ev2-8k", bytes.fromhex("04010112001A05" "04010102011A05" "042F190ACD6680CEEDD451803119"))
    write("desfire", "version-ev3-4k", bytes.fromhex("04010133001805" "04010103001805" "04C381FA4012902032683030" "2022"))
    write("desfire", "version-ntag424", bytes.fromhex("04040830001105" "04040201021105" "04873D2AAA6180CD659451103918"))
    # GetFreeMemory of the EV2 above (7520, LSB first).
    write("desfire", "free-memory-ev2", bytes.fromhex("601D00"))
    # GetApplicationIDs frames, each <length> <status selector: 0 = 91 00, 1 = 91 AF> <data>:
    # the EV1's one AID, then two AIDs split over a 91 AF frame.
    write("desfire", "aids-ev1", bytes.fromhex("03" "00" "0160C2"))
    write("desfire", "aids-chained", bytes.fromhex("04" "01" "010000EE" "02" "00" "EE10"))
    # Format plan figures: NDEF file size 0800 (AN11004 for a 2K card), AES; 1E00 with DES.
    write("desfire", "plan-0800-aes", bytes.fromhex("080001" "01"))
    write("desfire", "plan-1e00-des-dfname", bytes.fromhex("1E003A" "01" "D2760000850101"))


def ultralightc_seeds():
    # MF0ICU2 Rev. 3.3 section 7.5.6, the worked authentication: the tag's AF ek(RndB) and 00 ek(RndA'),
    # then the factory key in cipher order, AUTH0 04 / AUTH1 00 pages, first page 4 (last byte).
    write("ultralightc", "datasheet-example", bytes.fromhex(
        "AF577293FD2F34CA51" "003B884FA07C137CE1" "49454D4B41455242214E4143554F5946" "04000000" "00000000" "04"))
    write("ultralightc", "key-hex", b"49454d4b 41455242 214e4143 554f5946")


def ultralightaes_seeds():
    # The exchange of UltralightAESTests (key AFAE...A1A0, RndA 10..1F, RndB B0..BF, computed with
    # Python cryptography), the key, the factory CFG/ACCESS (Flipper QA plan baseline), first page 4.
    write("ultralightaes", "fixed-exchange", bytes.fromhex(
        "AF9c263e2e926d72c3f1822a0fc16a37b7" "00c225ab4839ef1c7c759b20dacf41a5f2"
        "AFAEADACABAAA9A8A7A6A5A4A3A2A1A0" "0000003C" "8C050000" "04"))
    # CFG with RID and SEC_MSG on, AUTH0 10h; ACCESS with CFGLCK: the refusals.
    write("ultralightaes", "locked-secure", bytes(34) + bytes(16) + bytes.fromhex("03000010" "C0050000" "05"))


def classic_seeds():
    # AN10787 / AN1304 (issue 28 item 3): selector byte (bits 0-1 layout: 0 Mini, 1 1K, 2 4K; bit 2
    # forces sector 0's GPB and the MAD CRCs valid), then a card image, 16 bytes a block. The
    # formatted images use the MAD, trailers and keys published NDEF-formatted dumps show.
    def crc(data):
        value = 0xC7
        for byte in data:
            value ^= byte
            for _ in range(8):
                value = ((value << 1) ^ 0x1D) & 0xFF if value & 0x80 else (value << 1) & 0xFF
        return value

    transport = bytes.fromhex("FFFFFFFFFFFF FF0780 69 FFFFFFFFFFFF".replace(" ", ""))
    ndef_trailer = bytes.fromhex("D3F7D3F7D3F7 7F0788 40 FFFFFFFFFFFF".replace(" ", ""))

    def image(sectors, message=None):
        blocks = []
        for sector in range(sectors):
            count = 4 if sector < 32 else 16
            blocks += [bytes(16)] * (count - 1) + [transport]
        blocks[0] = bytes.fromhex("A43498DED688040047C1252785001906")
        if message is None:
            return blocks
        mad_sectors = [0, 16] if sectors == 40 else [0]
        body = bytes([0x01]) + bytes.fromhex("03E1") * 15
        mad1 = bytes([crc(body)]) + body
        blocks[1], blocks[2] = mad1[:16], mad1[16:]
        blocks[3] = bytes.fromhex("A0A1A2A3A4A5787788" + ("C2" if sectors == 40 else "C1") + "FFFFFFFFFFFF")
        if sectors == 40:
            body2 = bytes([0x00]) + bytes.fromhex("03E1") * 23
            mad2 = bytes([crc(body2)]) + body2
            blocks[64], blocks[65], blocks[66] = mad2[:16], mad2[16:32], mad2[32:]
            blocks[67] = blocks[3]
        header = bytes([0x03, len(message)]) if len(message) < 0xFF else bytes([0x03, 0xFF]) + len(message).to_bytes(2, "big")
        area = bytearray(header + message + b"\xFE")
        index = 0
        for sector in range(1, sectors):
            if sector in mad_sectors:
                continue
            first = sector * 4 if sector <= 32 else 128 + (sector - 32) * 16
            count = 4 if sector < 32 else 16
            for block in range(first, first + count - 1):
                chunk = bytes(area[index:index + 16])
                blocks[block] = chunk + bytes(16 - len(chunk))
                index += 16
            blocks[first + count - 1] = ndef_trailer
        return blocks

    uri = bytes.fromhex("D1010F55036578616D706C652E636F6D2F")
    write("classic", "factory-1k", bytes([0x01]) + b"".join(image(16)))
    write("classic", "formatted-1k-empty", bytes([0x01]) + b"".join(image(16, b"")))
    write("classic", "formatted-1k-uri", bytes([0x01]) + b"".join(image(16, uri)))
    write("classic", "formatted-4k-long", bytes([0x02]) + b"".join(image(40, bytes(range(256)) * 2)))
    write("classic", "formatted-mini-uri", bytes([0x04]) + b"".join(image(5, uri)[:20]))
    corrupted = image(16, uri)
    corrupted[7] = bytes.fromhex("D3F7D3F7D3F77F078940FFFFFFFFFFFF")
    write("classic", "corrupted-access-bits", bytes([0x01]) + b"".join(corrupted))
    write("classic", "forced-mad-short", bytes([0x05]) + bytes(range(256)))


def main():
    for target in ("ndef", "vcard", "mecard", "type2", "flipper", "emulator", "pcsc", "jsonl", "csv", "type4", "apdu",
                    "emulator4", "type5", "iso15693", "type3", "sun", "securemessaging", "desfire", "classic"):
        shutil.rmtree(CORPUS / target, ignore_errors=True)
    ndef_seeds()
    contact_seeds()
    type2_seeds()
    emulator_seeds()
    pcsc_seeds()
    jsonl_seeds()
    csv_seeds()
    type4_seeds()
    apdu_seeds()
    emulator4_seeds()
    type5_seeds()
    iso15693_seeds()
    type3_seeds()
    sun_seeds()
    securemessaging_seeds()
    desfire_seeds()
    classic_seeds()
    ultralightc_seeds()
    ultralightaes_seeds()
    for folder in sorted(CORPUS.iterdir()):
        files = list(folder.iterdir())
        print(f"{folder.name}: {len(files)} seeds, {sum(f.stat().st_size for f in files)} bytes")


if __name__ == "__main__":
    main()
