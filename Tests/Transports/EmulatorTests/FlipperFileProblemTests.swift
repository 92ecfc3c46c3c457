import TagEmulator
import Testing

/// Issue 24: the Flipper Zero file's syntax is read once (`FlipperFileFields`), so the same broken
/// text is the same problem, on the same line, in the NTAG/Ultralight, Type 5 and FeliCa readers.
/// Before, each had its own line loop: "Filetype: Flipper NFC device\r\r\n" was the header for the
/// Type 5 reader and "not a Flipper Zero NFC file" for the NTAG one; the FeliCa reader took a file
/// without the header and said "line 2 is not 'Key: value'." where the others said "Line 2 is not
/// of the form 'Key: value'.".
@Suite struct FlipperFileProblemTests {
    /// The shared problem each reader reports for `text`: NTAG/Ultralight, Type 5, FeliCa; `nil`
    /// where a reader takes the text or refuses it for a reason of its own format.
    static func problems(_ text: String) -> [FlipperFileProblem?] {
        var problems: [FlipperFileProblem?] = [nil, nil, nil]
        if case .failure(.syntax(let problem)) = Result(catching: { () throws(FlipperNFCError) in
            try FlipperNFC.parse(text)
        }) {
            problems[0] = problem
        }
        if case .failure(.syntax(let problem)) = Result(catching: { () throws(Type5FileError) in
            try Type5FlipperFile.parse(text)
        }) {
            problems[1] = problem
        }
        if case .failure(.malformedFeliCaFile(_, .syntax(let problem))) = Result(catching: {
            () throws(EmulatorError) in try FeliCaTagFile.decode(text)
        }) {
            problems[2] = problem
        }
        return problems
    }

    static let header = "Filetype: Flipper NFC device\nVersion: 4\n"

    /// Broken text either reader sees before any field's meaning, and the problem both must report.
    static let brokenFiles: [(String, FlipperFileProblem)] = [
        ("", .notFlipperNFC(line: 1)),
        ("garbage", .notFlipperNFC(line: 1)),
        ("# exported\n\tFiletype: Something else\n", .notFlipperNFC(line: 2)),
        ("Version: 4\nFiletype: Flipper NFC device\n", .notFlipperNFC(line: 1)),
        ("Filetype: Flipper NFC device\r\r\nVersion 4\n", .malformedLine(line: 2)),
        ("Filetype: Flipper NFC device\r\n# c\r\n\r\n  Version 4\r\n", .malformedLine(line: 4)),
        (header + "  Version: 4\n", .duplicateField("Version", line: 3)),
        (header + "Device type:\tSLIX\nDevice type: SLIX\n", .duplicateField("Device type", line: 4)),
        (header + "# Device type: SLIX\n", .missingField("Device type")),
        (header + "Device type SLIX\n", .malformedLine(line: 3)),
    ]

    @Test(
        "The same broken text is the same problem in the NTAG, Type 5 and FeliCa readers",
        arguments: FlipperFileProblemTests.brokenFiles.indices)
    func sameProblemForBothFormats(index: Int) {
        let (text, expected) = Self.brokenFiles[index]
        #expect(Self.problems(text) == [expected, expected, expected], "\(text.debugDescription)")
    }

    /// A field both formats read (the UID) broken the same way, behind each format's own device type.
    @Test func aBrokenUIDLineIsTheSameProblem() {
        let ntag = Self.header + "Device type: NTAG/Ultralight\nNTAG/Ultralight type: NTAG216\n"
        let type5 = Self.header + "# ISO15693-3 specific data\nDevice type: ISO15693-3\n"
        let hexProblem = FlipperFileProblem.invalidHex(field: "UID", line: 5, offset: 7)
        #expect(Self.problems(ntag + "UID: E0 04 0G 08\n")[0] == hexProblem)
        #expect(Self.problems(type5 + "UID: E0 04 0G 08\n")[1] == hexProblem)
        #expect(Self.problems(ntag)[0] == .missingField("UID"))
        #expect(Self.problems(type5)[1] == .missingField("UID"))
        #expect(
            Self.problems(ntag + "UID: E0 04\n")[0]
                == .wrongLength(field: "UID", bytes: 2, expected: [4, 7, 10], line: 5))
        #expect(
            Self.problems(type5 + "UID: E0 04\n")[1] == .wrongLength(field: "UID", bytes: 2, expected: [8], line: 5))
    }

    /// The sentences are those each format's error said before they were shared, to the byte.
    @Test func sentencesAreUnchanged() {
        let sentences: [(FlipperFileProblem, String)] = [
            (
                .notFlipperNFC(line: 1),
                "Line 1 should be 'Filetype: Flipper NFC device'; this is not a Flipper Zero NFC file."
            ),
            (.malformedLine(line: 2), "Line 2 is not of the form 'Key: value'."),
            (
                .invalidHex(field: "UID", line: 5, offset: 7),
                "Line 5: 'UID' has a character that is not hex at character 7 of its value."
            ),
            (
                .wrongLength(field: "UID", bytes: 2, expected: [4, 7, 10], line: 4),
                "Line 4: 'UID' has 2 bytes; it should have 4 or 7 or 10."
            ),
            (
                .wrongLength(field: "UID", bytes: 4, expected: [8], line: 6),
                "Line 6: 'UID' has 4 bytes; it should have 8."
            ),
            (.invalidNumber(field: "Pages total", line: 6), "Line 6: 'Pages total' is not a whole number in range."),
            (.invalidBool(field: "Lock AFI", line: 16), "Line 16: 'Lock AFI' must be true or false."),
            (.duplicateField("Version", line: 3), "Line 3: 'Version' appears a second time."),
            (.missingField("UID"), "The file has no 'UID' line."),
        ]
        for (problem, sentence) in sentences {
            #expect(problem.sentence == sentence)
            #expect(FlipperNFCError.syntax(problem).sentence == sentence)
            #expect(Type5FileError.syntax(problem).sentence == sentence)
            #expect(FlipperNFCError.syntax(problem).line == problem.line)
            #expect(Type5FileError.syntax(problem).line == problem.line)
            #expect(problem.origin == .input)
        }
        #expect(
            EmulatorError.malformedFile(path: "t.nfc", .syntax(.malformedLine(line: 2))).sentence
                == "t.nfc is not a readable virtual tag: Line 2 is not of the form 'Key: value'.")
        #expect(
            EmulatorError.malformedType5File(path: "t.nfc", .syntax(.missingField("UID"))).sentence
                == "t.nfc is not a readable Flipper Zero Type 5 file: The file has no 'UID' line.")
    }
}
