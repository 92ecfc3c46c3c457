import Contacts
import TestSupport
import Testing

@Suite struct VCardReaderTests {
    @Test func readsVCard21WithQuotedPrintableCharsetAndBareTypes() throws {
        // Typical of older Android and Nokia exports: bare TYPEs, QP with a soft line break,
        // Latin-1 and UTF-8 charsets.
        let card =
            "BEGIN:VCARD\r\n"
            + "VERSION:2.1\r\n"
            + "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;\r\n"
            + "FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=FCrgen M=FCller\r\n"
            + "TEL;CELL;VOICE:+49 170 000000\r\n"
            + "TEL;WORK:+49 30 000000\r\n"
            + "NOTE;ENCODING=QUOTED-PRINTABLE:First line=0D=0ASecond =\r\n"
            + "line\r\n"
            + "END:VCARD\r\n"
        let reading = try VCardReader.read(card)
        #expect(reading.version == "2.1")
        #expect(reading.profile.displayName == "Jürgen Müller")
        #expect(reading.profile.name == PersonName(family: "Müller", given: "Jürgen"))
        #expect(reading.profile.phones == [Phone("+49 170 000000", kind: .cell), Phone("+49 30 000000", kind: .work)])
        #expect(reading.profile.note == "First line\r\nSecond line")
        #expect(reading.unmapped.isEmpty)
    }

    @Test func readsVCard30FoldedEscapedAndGrouped() throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\n"
            + "N:O'Brien;Siobhán;;;\r\n"
            + "FN:Siobhán O'Brien\r\n"
            + "ORG:Widgets\\, Ltd;Research\r\n"
            + "item1.TEL;type=WORK;type=pref:+353 1 000\r\n"
            + "item1.X-ABLabel:_$!<Work>!$_\r\n"
            + "item2.URL:https\\://example.ie/a\\,b\r\n"
            + "NOTE:A long note that goes on and on and on and on and on and on and on an\r\n"
            + " d on.\\nNew line.\r\n"
            + "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ\r\n"
            + "BDAY:1980-01-01\r\n"
            + "END:VCARD\r\n"
        let reading = try VCardReader.read(card)
        #expect(reading.profile.displayName == "Siobhán O'Brien")
        #expect(reading.profile.organization == "Widgets, Ltd")
        #expect(reading.profile.phones == [Phone("+353 1 000", kind: .work)])
        #expect(reading.profile.urls == ["https://example.ie/a,b"])
        #expect(
            reading.profile.note
                == "A long note that goes on and on and on and on and on and on and on and on.\nNew line."
        )
        let unmapped = reading.unmapped.map { "\($0.group.map { $0 + "." } ?? "")\($0.name)=\($0.value)" }
        #expect(unmapped == ["ORG=Research", "item1.X-ABLABEL=_$!<Work>!$_", "PHOTO=/9j/4AAQ", "BDAY=1980-01-01"])
    }

    @Test func readsVCard40() throws {
        let card =
            "BEGIN:VCARD\nVERSION:4.0\nFN:Ana\nN:;Ana;;;\n"
            + "TEL;VALUE=uri;TYPE=\"cell,voice\":tel:+34-600-000-000\n"
            + "EMAIL;TYPE=work:ana@example.es\nEND:VCARD\n"
        let reading = try VCardReader.read(card)
        #expect(reading.version == "4.0")
        #expect(reading.profile.phones == [Phone("+34-600-000-000", kind: .cell)])
        #expect(reading.profile.emails == ["ana@example.es"])
        #expect(reading.warnings.contains { $0.contains("EMAIL") && $0.contains("work") })
    }

    @Test func secondSingleFieldsAndLinesOutsideTheCardAreReported() throws {
        let card =
            "junk before\r\nX-BEFORE:1\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nFN:B\r\nTITLE:T1\r\nTITLE:T2\r\n"
            + "END:VCARD\r\nBEGIN:VCARD\r\nFN:Second card\r\nEND:VCARD\r\n"
        let reading = try VCardReader.read(card)
        #expect(reading.profile.displayName == "A")
        #expect(reading.profile.title == "T1")
        let names = reading.unmapped.map(\.name)
        #expect(names == ["junk before", "X-BEFORE", "FN", "TITLE", "BEGIN", "FN", "END"])
    }

    @Test func aNestedCardIsReportedNotMerged() throws {
        let card =
            "BEGIN:VCARD\nVERSION:2.1\nFN:Boss\nAGENT:\nBEGIN:VCARD\nFN:Assistant\nTEL:1\nEND:VCARD\n"
            + "TEL:2\nEND:VCARD\n"
        let reading = try VCardReader.read(card)
        #expect(reading.profile.displayName == "Boss")
        #expect(reading.profile.phones == [Phone("2")])
        #expect(reading.unmapped.map(\.name) == ["AGENT", "BEGIN", "FN", "TEL", "END"])
    }

    @Test func phoneWithTwoKindsKeepsOneAndSaysSo() throws {
        let reading = try VCardReader.read("BEGIN:VCARD\nFN:A\nTEL;TYPE=WORK,CELL:1\nEND:VCARD\n")
        #expect(reading.profile.phones == [Phone("1", kind: .cell)])
        #expect(reading.warnings.count == 1)
        #expect(reading.warnings[0].contains("WORK"))
    }

    @Test func notAVCardIsAnInputError() {
        #expect(throws: ContactsError.notAVCard(lines: 2)) { try VCardReader.read("hello\nworld") }
        #expect(throws: ContactsError.notAVCard(lines: 0)) { try VCardReader.read("") }
    }

    @Test func invalidUTF8FallsBackToLatin1WithAWarning() throws {
        let bytes = Array("BEGIN:VCARD\r\nFN:".utf8) + [0x4A, 0xFC, 0x72] + Array("\r\nEND:VCARD\r\n".utf8)
        let reading = try VCardReader.read(bytes)
        #expect(reading.profile.displayName == "Jür")
        #expect(reading.warnings.count == 1)
    }

    /// Joining 100 000 soft line breaks or folds is linear work (this would not finish if each
    /// join re-read the growing line).
    @Test func manyJoinedLinesAreRead() throws {
        let soft =
            "BEGIN:VCARD\nNOTE;ENCODING=QUOTED-PRINTABLE:" + String(repeating: "a=\n", count: 100_000)
            + "b\nEND:VCARD\n"
        #expect(try VCardReader.read(soft).profile.note.count == 100_001)
        let folded = "BEGIN:VCARD\nNOTE:" + String(repeating: "a\n ", count: 100_000) + "b\nEND:VCARD\n"
        #expect(try VCardReader.read(folded).profile.note.count == 100_001)
    }

    /// Totality: random bytes and mutilated cards never trap.
    @Test func arbitraryBytesNeverTrap() {
        var rng = SplitMix64(seed: 3)
        let seed = Array(VCardEncoder.encode(TrickyProfiles.generate(count: 1, seed: 5)[0]))
        for round in 0..<2000 {
            var bytes = seed
            if round % 2 == 0 {
                bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                bytes = Array("BEGIN:VCARD\n".utf8) + bytes
            } else {
                for _ in 0..<8 where !bytes.isEmpty {
                    bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
                }
                bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1))))
            }
            _ = try? VCardReader.read(bytes)
        }
    }
}
