import TagCatalog
import TagFrames
import TapCardSupport
import Testing
import Type4

/// The read of NLEN and the message (reference §1.4), the NLEN check, chunking and the snapshot.
@Suite struct Type4ReadPlanTests {
    @Test func nfcpyReadTrace() throws {
        let cc = Type4WritePlanTests.nfcpyCC
        let plan = try Type4ReadPlan.make(cc: cc).get()
        #expect(plan.file == 0xE104)
        #expect(plan.lengthRead.apdu.bytes == [0x00, 0xB0, 0x00, 0x00, 0x02])
        // V-T4T-1: NLEN 00 0E, then one READ BINARY 00 B0 00 02 0E.
        let length = try Type4NDEFFile.parseLength([0x00, 0x0E], cc: cc).get()
        #expect(length == 14)
        #expect(try plan.messageReads(length: length).get().map(\.apdu.bytes) == [[0x00, 0xB0, 0x00, 0x02, 0x0E]])
        #expect(try plan.messageReads(length: 0).get().isEmpty)
    }

    @Test func chunksOfMLe() throws {
        // MLe 59: 130 bytes are 59 + 59 + 12.
        let plan = try Type4ReadPlan.make(cc: Type4WritePlanTests.nfcpyCC).get()
        let reads = try plan.messageReads(length: 130).get()
        #expect(reads == [.init(offset: 2, length: 59), .init(offset: 61, length: 59), .init(offset: 120, length: 12)])
        // NTAG 424: MLe 256 with a 128-byte carrier gives 126-byte reads.
        let ntag = try Type4ReadPlan.make(cc: Type4WritePlanTests.ntag424CC, carrierLimit: 128).get()
        #expect(try ntag.messageReads(length: 254).get().map(\.length) == [126, 126, 2])
        #expect(Type4ReadPlan.reads(from: 15, count: 8, chunk: 0).count == 8)
    }

    @Test func chunkingIsNeverZero() {
        let cc = Type4CapabilityContainer(
            length: 15, majorVersion: 2, minorVersion: 0, maximumResponseData: 0, maximumCommandData: 0,
            ndefFile: Type4FileControl(identifier: 0xE104, maximumSize: 64, readAccess: .free, writeAccess: .free))
        #expect(Type4Chunking(cc: cc) == Type4Chunking(cc: cc, carrierLimit: 1))
        #expect(Type4Chunking(cc: cc).readChunk == 1 && Type4Chunking(cc: cc).writeChunk == 1)
        let big = Type4CapabilityContainer(
            length: 15, majorVersion: 2, minorVersion: 0, maximumResponseData: 0xFFFF, maximumCommandData: 0xFFFF,
            ndefFile: cc.ndefFile)
        #expect(Type4Chunking(cc: big).readChunk == 256 && Type4Chunking(cc: big).writeChunk == 255)
    }

    @Test func lengthBeyondTheFileIsTheTags() throws {
        let cc = Type4WritePlanTests.ntag424CC
        #expect(try Type4NDEFFile.parseLength([0x00, 0xFE], cc: cc).get() == 254)
        let error = Type4NDEFFile.parseLength([0x00, 0xFF], cc: cc)
        #expect(
            error
                == .failure(
                    .beyondFile(length: 255, capacity: 254, maximumSize: 256, lengthFieldBytes: 2, file: 0xE104)))
        if case .failure(let failure) = error {
            #expect(failure.origin == .tag)
            #expect(
                failure.sentence.hasPrefix(
                    "The tag's NDEF file E104 says its message is 255 bytes (NLEN), but the file holds at most 254"))
        }
        #expect(Type4NDEFFile.parseLength([0x00], cc: cc) == .failure(.truncated(bytes: 1, needed: 2)))
        #expect(Type4NDEFFile.lengthField(0x0102, bytes: 2) == [0x01, 0x02])
        #expect(Type4NDEFFile.lengthField(0x0102, bytes: 4) == [0, 0, 0x01, 0x02])
    }

    @Test func readAccessNotFreeIsRefused() {
        var cc = Type4WritePlanTests.nfcpyCC
        cc.ndefFile.readAccess = .proprietary(0x80)
        #expect(Type4ReadPlan.make(cc: cc) == .failure(.notReadable(access: .proprietary(0x80))))
    }

    @Test func snapshot() throws {
        let bytes = TagModel.ntag424DNA.type4!.files[0].contents
        let cc = try Type4CapabilityContainer.parse(bytes).get()
        let snapshot = Type4Snapshot(
            capabilityContainer: cc, capabilityContainerBytes: bytes, messageLength: 0, message: [])
        #expect(snapshot.capacity == .reported(254))
        #expect(snapshot.capacitySourcePhrase == "reported by the tag's CC file: max size 256 − 2-byte NLEN")
        #expect(snapshot.isEmpty && snapshot.isComplete)
    }
}
