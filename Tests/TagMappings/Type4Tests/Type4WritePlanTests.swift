import TagCatalog
import TagFrames
import TapCardSupport
import Testing
import Type4

/// The tearing-safe write order of nfcpy `_write_ndef_data` and Android `rw_t4t_update_nlen`
/// (reference §1.4), checked against nfcpy's own APDUs (V-T4T-1).
@Suite struct Type4WritePlanTests {
    static let nfcpyCC = try! Type4CapabilityContainer.parse(Type4CapabilityContainerTests.nfcpy).get()
    static let ntag424CC = try! Type4CapabilityContainer.parse(TagModel.ntag424DNA.type4!.files[0].contents).get()
    /// URI "http://nfcpy.org" (V-T4T-1).
    static let uri: [UInt8] = [0xD1, 0x01, 0x0A, 0x55, 0x03, 0x6E, 0x66, 0x63, 0x70, 0x79, 0x2E, 0x6F, 0x72, 0x67]

    static func plan(_ message: [UInt8], _ cc: Type4CapabilityContainer, carrierLimit: Int? = nil) throws
        -> Type4WritePlan
    {
        try Type4WritePlan.make(message: message, cc: cc, carrierLimit: carrierLimit).get()
    }

    /// nfcpy writes NLEN and a message that fits in one UPDATE (`00D6000010 000E <uri>`); a tear
    /// half-way through that UPDATE leaves the new NLEN before a half-written message. TapCard
    /// clears NLEN with the message and commits NLEN after it: two UPDATEs, safe at every tear.
    @Test func smallMessageIsClearedWithItsBytesThenCommitted() throws {
        let plan = try Self.plan(Self.uri, Self.nfcpyCC)
        #expect(plan.file == 0xE104)
        #expect(
            plan.writes == [
                Type4FileWrite(offset: 0, bytes: [0x00, 0x00] + Self.uri, role: .clearLength),
                Type4FileWrite(offset: 0, bytes: [0x00, 0x0E], role: .commit),
            ])
        #expect(plan.apdus[0].bytes == [0x00, 0xD6, 0x00, 0x00, 0x10, 0x00, 0x00] + Self.uri)
        #expect(plan.apdus[1].bytes == [0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x0E])
    }

    /// A 60-byte message into a 64-byte NDEF file with MLc 52. nfcpy's wipe of the same file sends
    /// the clear on its own (`00D6000002 0000`, `00D6000234 <52×A9>`, `00D6003608 <8×A9>`);
    /// TapCard carries the clear with the first 50 message bytes, one UPDATE BINARY less, and
    /// commits the real NLEN (60 = 00 3C) last, as both do.
    @Test func chunkedWriteClearsNLENWithTheFirstBytes() throws {
        var ccBytes = Type4CapabilityContainerTests.nfcpy
        ccBytes[11] = 0x00
        ccBytes[12] = 0x40
        let cc = try Type4CapabilityContainer.parse(ccBytes).get()
        let message = [UInt8](repeating: 0xA9, count: 60)
        let plan = try Self.plan(message, cc)
        #expect(plan.writes.map(\.role) == [.clearLength, .data, .commit])
        #expect(
            plan.apdus.map(\.bytes) == [
                [0x00, 0xD6, 0x00, 0x00, 0x34, 0x00, 0x00] + [UInt8](repeating: 0xA9, count: 50),
                [0x00, 0xD6, 0x00, 0x34, 0x0A] + [UInt8](repeating: 0xA9, count: 10),
                [0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x3C],
            ])
    }

    @Test func eraseIsTheCommitAlone() throws {
        let plan = try Self.plan([], Self.ntag424CC)
        #expect(plan.writes == [Type4FileWrite(offset: 0, bytes: [0x00, 0x00], role: .commit)])
    }

    @Test func boundaryBetweenOneChunkAndTwo() throws {
        // NTAG 424: MLc 255, so NLEN + 253 bytes go in the first UPDATE and NLEN + 254 do not.
        #expect(
            try Self.plan([UInt8](repeating: 1, count: 253), Self.ntag424CC).writes.map(\.role) == [
                .clearLength, .commit,
            ])
        #expect(
            try Self.plan([UInt8](repeating: 1, count: 254), Self.ntag424CC).writes.map(\.role) == [
                .clearLength, .data, .commit,
            ])
    }

    @Test func carrierLimitShrinksChunks() throws {
        // A carrier passing 64-byte APDUs: 59 data bytes per UPDATE BINARY, 62 per READ BINARY.
        let plan = try Self.plan([UInt8](repeating: 7, count: 130), Self.ntag424CC, carrierLimit: 64)
        #expect(plan.chunking == Type4Chunking(cc: Self.ntag424CC, carrierLimit: 64))
        #expect(plan.chunking.writeChunk == 59 && plan.chunking.readChunk == 62)
        #expect(plan.writes.map(\.bytes.count) == [59, 59, 14, 2])
        #expect(plan.writes.map(\.offset) == [0, 59, 118, 0])
        #expect(plan.apdus.allSatisfy { $0.bytes.count <= 64 })
    }

    /// Tearing after any number of writes leaves the old message, an empty file or the new one.
    @Test(arguments: [0, 1, 100, 253, 254])
    func everyTearLeavesAWholeMessage(size: Int) throws {
        let cc = Self.ntag424CC
        let old = [UInt8](repeating: 0x55, count: 40)
        let new = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
        let plan = try Self.plan(new, cc, carrierLimit: 40)
        let start = [0x00, 0x28] + old + [UInt8](repeating: 0, count: 256 - 42)
        for torn in 0...plan.writes.count {
            var file = start
            for write in plan.writes.prefix(torn) {
                file.replaceSubrange(write.offset..<write.offset + write.bytes.count, with: write.bytes)
            }
            let length = try Type4NDEFFile.parseLength(Array(file.prefix(2)), cc: cc).get()
            let message = Array(file[2..<2 + length])
            #expect(message == old || message.isEmpty || message == new, "torn after \(torn) writes")
            if torn == plan.writes.count { #expect(message == new) }
        }
    }

    @Test func refusals() {
        let tooBig = Type4WritePlan.make(message: [UInt8](repeating: 0, count: 255), cc: Self.ntag424CC)
        #expect(tooBig == .failure(.tooBig(needed: 255, capacity: 254, maximumSize: 256, lengthFieldBytes: 2)))
        #expect(
            Type4PlanError.tooBig(needed: 255, capacity: 254, maximumSize: 256, lengthFieldBytes: 2).sentence
                == "The message is 255 bytes; the NDEF file holds at most 254 (reported by the tag's CC file: max size 256 − 2-byte NLEN); it is 1 byte too big. Nothing was written."
        )
        var readOnly = Self.ntag424CC
        readOnly.ndefFile.writeAccess = .never
        let refused = Type4WritePlan.make(message: Self.uri, cc: readOnly)
        #expect(refused == .failure(.notWritable(access: .never)))
        #expect(
            Type4PlanError.notWritable(access: .never).sentence.hasPrefix(
                "The CC file says the NDEF file's write access is never (FF);"))
        #expect(Type4PlanError.notWritable(access: .never).origin == .refusal)
        var proprietary = Self.ntag424CC
        proprietary.ndefFile.writeAccess = .proprietary(0x83)
        #expect(
            Type4WritePlan.make(message: Self.uri, cc: proprietary)
                == .failure(.notWritable(access: .proprietary(0x83))))
    }

    /// MLc 1 (or a 6-byte carrier) cannot carry NLEN in one command; splitting it would make a
    /// tear between its bytes leave a wrong length (found by the type4 fuzz target).
    @Test func chunkSmallerThanTheLengthFieldIsRefused() {
        var cc = Self.nfcpyCC
        cc.maximumCommandData = 1
        #expect(
            Type4WritePlan.make(message: Self.uri, cc: cc)
                == .failure(.chunkSmallerThanLength(writeChunk: 1, lengthFieldBytes: 2)))
        #expect(
            Type4WritePlan.make(message: [], cc: Self.nfcpyCC, carrierLimit: 6)
                == .failure(.chunkSmallerThanLength(writeChunk: 1, lengthFieldBytes: 2)))
        #expect((try? Self.plan([], Self.nfcpyCC, carrierLimit: 7))?.writes.count == 1)
        cc.maximumCommandData = 2
        #expect((try? Self.plan(Self.uri, cc))?.writes.map(\.bytes.count) == [2, 2, 2, 2, 2, 2, 2, 2, 2])
    }

    @Test func extendedFileUsesENLEN() throws {
        let cc = Type4CapabilityContainer(
            length: 17, majorVersion: 3, minorVersion: 0, maximumResponseData: 255, maximumCommandData: 255,
            ndefFile: Type4FileControl(
                identifier: 0xE104, maximumSize: 0x10000, readAccess: .free, writeAccess: .free, isExtended: true))
        let plan = try Self.plan([1, 2, 3], cc)
        #expect(
            plan.writes == [
                Type4FileWrite(offset: 0, bytes: [0, 0, 0, 0, 1, 2, 3], role: .clearLength),
                Type4FileWrite(offset: 0, bytes: [0, 0, 0, 3], role: .commit),
            ])
        let long = try Self.plan([UInt8](repeating: 9, count: 600), cc)
        #expect(
            long.writes.first
                == Type4FileWrite(
                    offset: 0, bytes: [0, 0, 0, 0] + [UInt8](repeating: 9, count: 251), role: .clearLength))
        #expect(long.writes.dropFirst().first?.offset == 255)
        #expect(long.writes.last == Type4FileWrite(offset: 0, bytes: [0, 0, 0x02, 0x58], role: .commit))
        // 0x8000 bytes from offset 4 still start every chunk at or below 0x7FFF; 0x8100 do not,
        // and past 0x7FFF only the ODO form addresses the file: refused with the offset.
        #expect((try? Self.plan([UInt8](repeating: 9, count: 0x8000), cc)) != nil)
        let far = Type4WritePlan.make(message: [UInt8](repeating: 9, count: 0x8100), cc: cc)
        guard case .failure(.offsetBeyondShortAddressing(let offset)) = far else {
            Issue.record("planned \((try? far.get())?.writes.count ?? 0) writes")
            return
        }
        #expect(offset > 0x7FFF && offset <= 0x7FFF + 255)
    }

    /// Issue 29, on Type 4: an NTAG 424 DNA's NDEF file is 256 bytes (datasheet); a CC file that
    /// declares it larger (written for another chip) is refused with both figures, before any
    /// UPDATE, whatever the message's size. Without a chip, or for the generic Type 4 model, the CC
    /// is all there is.
    @Test func aCCDeclaringMoreThanTheChipsFileIsRefused() throws {
        var bytes = TagModel.ntag424DNA.type4!.files[0].contents
        #expect(Array(bytes[11...12]) == [0x01, 0x00])  // NDEF file E104, 256 bytes
        bytes[11] = 0x04  // 1024 bytes
        let claiming = try Type4CapabilityContainer.parse(bytes).get()
        let expected = Type4PlanError.ndefFileBeyondChip(
            fileIdentifier: 0xE104, maximumSize: 1024, chipFileBytes: 256, chip: .ntag424DNA)
        for message in [[], Self.uri, [UInt8](repeating: 0xA5, count: 600)] {
            #expect(Type4WritePlan.make(message: message, cc: claiming, chip: .ntag424DNA) == .failure(expected))
        }
        #expect(expected.sentence.contains("1024 bytes") && expected.sentence.contains("holds 256"))
        #expect(expected.origin == .refusal)
        #expect((try? Type4WritePlan.make(message: Self.uri, cc: claiming).get()) != nil)
        #expect((try? Type4WritePlan.make(message: Self.uri, cc: claiming, chip: .genericType4).get()) != nil)
        #expect((try? Type4WritePlan.make(message: Self.uri, cc: Self.ntag424CC, chip: .ntag424DNA).get()) != nil)
    }
}
