import TagFrames
import Testing
import Type4

/// GetDFNames (one application a frame) and GetISOFileIDs answers, and their totality: what
/// `format` and `info` read to tell AN11004's NDEF application from another issuer's.
@Suite struct DESFireDirectoryAnswerTests {
    static func frame(_ data: [UInt8], _ status: StatusWord) -> ResponseAPDU {
        ResponseAPDU(data: data, status: status)
    }

    @Test func dfNamesOneApplicationAFrame() throws {
        // AN11004's application (AID 01 00 00, FID E110 as 10 E1, DF name D2760000850101), then
        // an application with a 16-byte DF name and one with none.
        let ndef: [UInt8] = [0x01, 0x00, 0x00, 0x10, 0xE1, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
        let long: [UInt8] = [0x20, 0x30, 0x40, 0x00, 0x3F] + [UInt8](repeating: 0xA5, count: 16)
        let bare: [UInt8] = [0x05, 0x00, 0x00, 0x01, 0x02]
        let names = try DESFireAnswer.dfNames([
            Self.frame(ndef, .additionalFrame), Self.frame(long, .additionalFrame), Self.frame(bare, .nativeSuccess),
        ]).get()
        #expect(names.count == 3)
        #expect(names[0].application == DESFireNDEFApplication.applicationID)
        #expect(names[0].isoFileID == 0xE110 && names[0].name == DESFireNDEFApplication.dfName)
        #expect(names[1].application.description == "403020" && names[1].isoFileID == 0x3F00)
        #expect(names[1].name.count == 16)
        #expect(names[2].isoFileID == 0x0201 && names[2].name.isEmpty)
        #expect(try DESFireAnswer.dfNames([Self.frame([], .nativeSuccess)]).get().isEmpty)
    }

    @Test func dfNameRefusals() {
        #expect(DESFireAnswer.dfNames([]) == .failure(.noFrames(command: "GetDFNames")))
        #expect(
            DESFireAnswer.dfNames([Self.frame([1, 2, 3, 4], .nativeSuccess)])
                == .failure(.dfNameLength(frame: 1, bytes: 4)))
        #expect(
            DESFireAnswer.dfNames([Self.frame([UInt8](repeating: 1, count: 22), .nativeSuccess)])
                == .failure(.dfNameLength(frame: 1, bytes: 22)))
        #expect(
            DESFireAnswer.dfNames([
                Self.frame([1, 0, 0, 0x10, 0xE1], .additionalFrame), Self.frame([], .nativeSuccess),
            ])
                == .failure(.dfNameLength(frame: 2, bytes: 0)))
        #expect(
            DESFireAnswer.dfNames([Self.frame([], StatusWord(0x91AE))])
                == .failure(.frameStatus(command: "GetDFNames", frame: 1, status: 0x91AE)))
    }

    @Test func isoFileIDs() throws {
        let ids = try DESFireAnswer.isoFileIDs([Self.frame([0x03, 0xE1, 0x04, 0xE1], .nativeSuccess)]).get()
        #expect(ids == [0xE103, 0xE104])
        #expect(try DESFireAnswer.isoFileIDs([Self.frame([], .nativeSuccess)]).get().isEmpty)
        #expect(DESFireAnswer.isoFileIDs([Self.frame([0x03], .nativeSuccess)]) == .failure(.isoFileIDsLength(bytes: 1)))
    }

    /// Every byte string, in one frame or two, is an answer or a refusal: never a trap.
    @Test func totality() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0...30, using: &generator)
            let data = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let cut = Int.random(in: 0...count, using: &generator)
            let frames = [
                Self.frame(Array(data.prefix(cut)), .additionalFrame),
                Self.frame(Array(data.dropFirst(cut)), .nativeSuccess),
            ]
            _ = DESFireAnswer.dfNames(frames)
            _ = DESFireAnswer.isoFileIDs(frames)
        }
    }
}
