#if os(Linux)
    import CoreNFC
    import TapCardSupport
    import Testing

    @testable import CoreNFCTransport

    @Suite struct NFCSessionErrorTests {
        /// Our mirror of the codes has exactly the stand-in's raw values (both from `NFCError.h`).
        @Test func mirrorMatchesTheFrameworkRawValues() {
            #expect(CoreNFCErrorCode.allCases.map(\.rawValue) == NFCReaderError.Code.allCases.map(\.rawValue))
        }

        @Test func everyCodeInEveryOperationHasASentence() {
            for code in NFCReaderError.Code.allCases {
                for operation in NFCOperation.allCases {
                    let error = NFCSessionError(code: code.rawValue, during: operation)
                    #expect(!error.sentence.isEmpty, "code \(code.rawValue)")
                    #expect(error.sentence.hasSuffix(".") || error.sentence.hasSuffix(".)"), "code \(code.rawValue)")
                    if case .reader(let kept, _) = error {
                        #expect(kept == code.rawValue)
                        #expect(error.sentence.contains("CoreNFC error \(code.rawValue)"))
                    }
                }
            }
            // A code from a future SDK keeps its number too.
            #expect(NFCSessionError(code: 999, during: .reading).sentence.contains("999"))
        }

        @Test func theCodesPeopleMeetHaveTheirOwnCasesAndWords() {
            let mapped: [(Int, NFCSessionError)] = [
                (200, .cancelled), (201, .timedOut(seconds: 60)), (100, .tagLost(during: .writing)), (203, .systemBusy),
                (6, .radioDisabled), (1, .unsupportedDevice), (2, .notEntitled), (202, .endedUnexpectedly),
            ]
            for (code, expected) in mapped {
                #expect(NFCSessionError(code: code, during: .writing) == expected)
            }
            let sentences = Set(mapped.map(\.1.sentence))
            #expect(sentences.count == mapped.count)
            #expect(NFCSessionError.cancelled.isCancellation)
            #expect(mapped.filter { $0.1.isCancellation }.count == 1)
            #expect(NFCSessionError.timedOut(seconds: 60).sentence.contains("60 seconds"))
            #expect(NFCSessionError.tagLost(during: .writing).origin == .transport)
            #expect(NFCSessionError.tooBig(needed: 213, capacity: 142).sentence.contains("213 bytes"))
            #expect(NFCSessionError.tooBig(needed: 213, capacity: 142).origin == .refusal)
        }

        @Test func everyCaseHasASentenceAndAnOrigin() {
            let all: [NFCSessionError] = [
                .cancelled, .timedOut(seconds: 60), .tagLost(during: .reading), .tagLost(during: .writing),
                .tagLost(during: .verifying), .tagLost(during: .locking), .systemBusy, .radioDisabled,
                .unsupportedDevice,
                .notEntitled, .endedUnexpectedly, .pollingRefused(rawOptions: 0), .sessionReleased, .notNDEFFormatted,
                .readOnly, .tooBig(needed: 2, capacity: 1), .verifyMismatch(writtenBytes: 16, readBackBytes: 0),
                .differentTag(expected: [1], found: [2]), .unsupportedTag(kind: "FeliCa"),
                .unsupportedByIOS(kind: "ISO 7816 (ISO-DEP)", during: .locking),
                .reader(code: 102, during: .reading), .transport(.nak(code: 0, command: 0xA2), during: .writing),
            ]
            for error in all {
                #expect(!error.sentence.isEmpty)
                #expect(ErrorOrigin.allCases.contains(error.origin))
            }
            #expect(Set(all.map(\.sentence)).count == all.count)
        }
    }
#endif
