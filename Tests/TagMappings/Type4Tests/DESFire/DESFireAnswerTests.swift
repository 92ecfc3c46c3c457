import TagFrames
import TestSupport
import Testing
import Type4

/// GetApplicationIDs and GetFreeMemory answers, and their totality.
@Suite struct DESFireAnswerTests {
    static func frame(_ data: [UInt8], _ status: StatusWord) -> ResponseAPDU {
        ResponseAPDU(data: data, status: status)
    }

    @Test func applicationIDsOfRealCards() throws {
        // flipperzero-firmware issue #1430 (EV1): "Application IDs: 01 60 C2"; pastebin.com/q9RDpy2y
        // (EV3): "Application IDs: F0 32 F5" — the answer bytes as the card sent them.
        let ev1 = try DESFireAnswer.applicationIDs([Self.frame([0x01, 0x60, 0xC2], .nativeSuccess)]).get()
        #expect(ev1.map(\.wire) == [[0x01, 0x60, 0xC2]] && ev1.first?.description == "C26001")
        let ev3 = try DESFireAnswer.applicationIDs([Self.frame([0xF0, 0x32, 0xF5], .nativeSuccess)]).get()
        #expect(ev3.first?.value == 0xF532F0)
        #expect(try DESFireAnswer.applicationIDs([Self.frame([], .nativeSuccess)]).get().isEmpty)
    }

    @Test func chainedApplicationIDs() throws {
        // 20 AIDs over two frames: a card with many applications ends the first frame in 91 AF.
        let aids = (1...20).map { DESFireApplicationID(wire: UInt8($0), 0x00, 0xF0) }
        let all = aids.flatMap(\.wire)
        let frames = [
            Self.frame(Array(all.prefix(57)), .additionalFrame), Self.frame(Array(all.dropFirst(57)), .nativeSuccess),
        ]
        #expect(try DESFireAnswer.applicationIDs(frames).get() == aids)
        // An AID split across the frame boundary still reads.
        let split = [
            Self.frame(Array(all.prefix(4)), .additionalFrame), Self.frame(Array(all.dropFirst(4)), .nativeSuccess),
        ]
        #expect(try DESFireAnswer.applicationIDs(split).get() == aids)
    }

    @Test func applicationIDRefusals() {
        #expect(DESFireAnswer.applicationIDs([]) == .failure(.noFrames(command: "GetApplicationIDs")))
        #expect(
            DESFireAnswer.applicationIDs([Self.frame([1, 2, 3, 4], .nativeSuccess)])
                == .failure(.applicationIDsLength(bytes: 4)))
        #expect(
            DESFireAnswer.applicationIDs([Self.frame([1, 2, 3], .additionalFrame)])
                == .failure(.frameStatus(command: "GetApplicationIDs", frame: 1, status: 0x91AF)))
        #expect(
            DESFireAnswer.applicationIDs([Self.frame([], .nativeSuccess), Self.frame([1, 2, 3], .nativeSuccess)])
                == .failure(.frameStatus(command: "GetApplicationIDs", frame: 1, status: 0x9100)))
        // 91 AE: authentication error, the card refused.
        let refused = DESFireAnswer.applicationIDs([Self.frame([], StatusWord(0x91AE))])
        #expect(refused == .failure(.frameStatus(command: "GetApplicationIDs", frame: 1, status: 0x91AE)))
        if case .failure(let error) = refused { #expect(error.sentence.contains("91 AE")) }
    }

    @Test func freeMemory() {
        // Flipper's decoded "PICC Free Memory" of the cited EV1 (1856), EV2 (7520) and EV3 (4864)
        // dumps, as the 3 bytes LSB first that Flipper decoded them from.
        #expect(DESFireAnswer.freeMemory([0x40, 0x07, 0x00]) == .success(1856))
        #expect(DESFireAnswer.freeMemory([0x60, 0x1D, 0x00]) == .success(7520))
        #expect(DESFireAnswer.freeMemory([0x00, 0x13, 0x00]) == .success(4864))
        #expect(DESFireAnswer.freeMemory([0xFF, 0xFF, 0xFF]) == .success(0xFF_FFFF))
        #expect(DESFireAnswer.freeMemory([0x00, 0x13]) == .failure(.freeMemoryLength(bytes: 2)))
        #expect(DESFireAnswer.freeMemory([0, 0, 0, 0]) == .failure(.freeMemoryLength(bytes: 4)))
    }

    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 0xDE5F_12E0)
        let statuses: [StatusWord] = [.nativeSuccess, .additionalFrame, .success, StatusWord(0x91AE)]
        for _ in 0..<2000 {
            let count = Int.random(in: 0...40, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            switch DESFireVersion.parse(bytes) {
            case .success(let version):
                #expect(bytes.count == 28 && version.bytes == bytes)
            case .failure(let error): #expect(!error.sentence.isEmpty && bytes.count != 28)
            }
            if case .success(let memory) = DESFireAnswer.freeMemory(bytes) {
                #expect((0...0xFF_FFFF).contains(memory))
            }
            let frames = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                Self.frame(bytes, statuses[Int.random(in: 0..<statuses.count, using: &random)])
            }
            if case .success(let aids) = DESFireAnswer.applicationIDs(frames) {
                #expect(aids.count * 3 == frames.count * bytes.count)
                #expect(aids.allSatisfy { $0.value <= 0xFF_FFFF })
                #expect(aids.flatMap(\.wire) == frames.flatMap(\.data))
            }
        }
    }
}
