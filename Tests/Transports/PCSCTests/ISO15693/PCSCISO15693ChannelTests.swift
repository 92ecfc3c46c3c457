import PCSCTransport
import TagFrames
import TagTransport
import TestSupport
import Testing

@Suite struct PCSCISO15693ChannelTests {
    typealias Channel = PCSCISO15693Channel<ScriptedAPDUChannel>

    /// The reader side over the card side over a fake chip, without pcscd: the UID comes from
    /// GET DATA through the bridge, as PCSCTagSession takes it.
    func chain(
        _ chip: FakeVicinityChip = FakeVicinityChip(),
        order: ISO15693StorageCardBridge<FakeVicinityChip>.UIDOrder = .lsbFirst
    ) async throws -> (FakeVicinityChip, ScriptedAPDUChannel, Channel) {
        let bridge = ISO15693StorageCardBridge(chip: chip, uidOrder: order)
        let apdus = ScriptedAPDUChannel { apdu in await bridge.respond(to: apdu) }
        let answer = try await apdus.transmit([0xFF, 0xCA, 0x00, 0x00, 0x00])
        let uid = Channel.normalisedUID(Array(answer.dropLast(2)))
        return (chip, apdus, Channel(channel: apdus, readerName: "Test Reader", uid: uid))
    }

    @Test(arguments: [
        ISO15693StorageCardBridge<FakeVicinityChip>.UIDOrder.lsbFirst, .msbFirst,
    ])
    func theUIDArrivesE0FirstWhicheverOrderTheReaderUses(order: ISO15693StorageCardBridge<FakeVicinityChip>.UIDOrder)
        async throws
    {
        let (chip, _, channel) = try await chain(order: order)
        #expect(channel.uid == chip.uid)
        #expect(channel.uid.first == 0xE0)
    }

    @Test func readSingleBlockBecomesReadBinaryAndLearnsTheBlockSize() async throws {
        let (chip, apdus, channel) = try await chain()
        let first = try await channel.send(ISO15693Request(command: 0x20, parameters: [0x05]))
        #expect(first == ISO15693Response(flags: 0x00, payload: chip.block(5)))
        // Before the block size is known, Le = 00 ("the whole block"); after, Le = 4.
        #expect(apdus.log.last == [0xFF, 0xB0, 0x00, 0x05, 0x00])
        #expect(channel.blockSize == 4)
        _ = try await channel.send(ISO15693Request(command: 0x20, parameters: [0x4F]))
        #expect(apdus.log.last == [0xFF, 0xB0, 0x00, 0x4F, 0x04])
    }

    @Test func writeSingleBlockBecomesUpdateBinary() async throws {
        let (chip, apdus, channel) = try await chain()
        let response = try await channel.send(ISO15693Request(command: 0x21, parameters: [0x07, 1, 2, 3, 4]))
        #expect(response == ISO15693Response(flags: 0x00, payload: []))
        #expect(apdus.log.last == [0xFF, 0xD6, 0x00, 0x07, 0x04, 1, 2, 3, 4])
        #expect(chip.block(7) == [1, 2, 3, 4])
        #expect(chip.requests.last == ISO15693Request(command: 0x21, parameters: [0x07, 1, 2, 3, 4]))
    }

    @Test func randomWritesAndReadsAreByteIdenticalThroughBothSides() async throws {
        var rng = SplitMix64(seed: 15693)
        let (chip, _, channel) = try await chain(FakeVicinityChip(blockSize: 8, blockCount: 64))
        var model = chip.memory
        for _ in 0..<300 {
            let block = Int.random(in: 0..<64, using: &rng)
            let data = rng.bytes(8)
            let written = try await channel.send(ISO15693Request(command: 0x21, parameters: [UInt8(block)] + data))
            #expect(!written.isError)
            model.replaceSubrange((block * 8)..<(block * 8 + 8), with: data)
            let first = Int.random(in: 0..<64, using: &rng)
            let count = Int.random(in: 1...(64 - first), using: &rng)
            let read = try await channel.send(
                ISO15693Request(command: 0x23, parameters: [UInt8(first), UInt8(count - 1)]))
            #expect(read.payload == Array(model[(first * 8)..<((first + count) * 8)]))
        }
        #expect(chip.memory == model)
    }

    @Test func readMultipleIsARunOfSingleReads() async throws {
        let (chip, apdus, channel) = try await chain()
        let response = try await channel.send(ISO15693Request(command: 0x23, parameters: [0x02, 0x02]))
        #expect(response.payload == chip.block(2) + chip.block(3) + chip.block(4))
        #expect(apdus.log.suffix(3).map { $0[3] } == [0x02, 0x03, 0x04])
        #expect(chip.requests.suffix(3).allSatisfy { $0.command == 0x20 })
        // A block past the end stops the run with the tag's error, as the tag itself answers.
        let past = try await channel.send(ISO15693Request(command: 0x23, parameters: [0x4E, 0x03]))
        #expect(past == ISO15693Response(flags: 0x01, payload: [0x10]))
    }

    @Test func extendedCommandsCarryTheBlockInP1P2() async throws {
        let (chip, apdus, channel) = try await chain(FakeVicinityChip(blockCount: 400))
        let write = try await channel.send(ISO15693Request(command: 0x31, parameters: [0x2C, 0x01, 9, 8, 7, 6]))
        #expect(!write.isError)
        #expect(apdus.log.last == [0xFF, 0xD6, 0x01, 0x2C, 0x04, 9, 8, 7, 6])
        #expect(chip.block(0x012C) == [9, 8, 7, 6])
        let read = try await channel.send(ISO15693Request(command: 0x30, parameters: [0x2C, 0x01]))
        #expect(read.payload == [9, 8, 7, 6])
        #expect(chip.requests.last?.command == 0x30)
    }

    @Test func theTagsRefusalsArriveAsISO15693ErrorCodes() async throws {
        let chip = FakeVicinityChip()
        chip.lockedBlocks = [9]
        chip.failingWrites = [10]
        chip.failingReads = [11]
        let (_, _, channel) = try await chain(chip)
        let outside = try await channel.send(ISO15693Request(command: 0x20, parameters: [0x50]))
        #expect(outside.errorCode == 0x10)
        let locked = try await channel.send(ISO15693Request(command: 0x21, parameters: [0x09, 0, 0, 0, 0]))
        #expect(locked.errorCode == 0x12)
        let failed = try await channel.send(ISO15693Request(command: 0x21, parameters: [0x0A, 0, 0, 0, 0]))
        #expect(failed.errorCode == 0x13)
        let unreadable = try await channel.send(ISO15693Request(command: 0x20, parameters: [0x0B]))
        #expect(unreadable.errorCode == 0x0F)
        let writeOutside = try await channel.send(ISO15693Request(command: 0x21, parameters: [0x50, 0, 0, 0, 0]))
        #expect(writeOutside.errorCode == 0x10)
        #expect(chip.block(9) != [0, 0, 0, 0])
    }

    @Test(arguments: [
        (UInt8(0x2B), [UInt8](), "GET SYSTEM INFO"), (0x22, [0x03], "LOCK BLOCK"), (0xA5, [], "READ and WRITE"),
        (0x2C, [0x00, 0x03], "READ and WRITE"),
    ])
    func commandsPartThreeCannotCarryAreTheReadersLimitation(command: UInt8, parameters: [UInt8], says: String)
        async throws
    {
        let (chip, apdus, channel) = try await chain()
        let sent = apdus.log.count
        do {
            _ = try await channel.send(ISO15693Request(command: command, parameters: parameters))
            Issue.record("command \(command) crossed a Part 3 reader")
        } catch {
            guard case .unsupported(let label, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(label == .iso15693(command))
            #expect(reason.contains("Test Reader"))
            #expect(reason.contains(says))
            #expect(error.origin == .platform)
        }
        // Nothing reached the reader or the tag.
        #expect(apdus.log.count == sent)
        #expect(chip.requests.isEmpty)
    }

    @Test func theOptionFlagOnAReadCannotCross() async throws {
        let (_, _, channel) = try await chain()
        await #expect(throws: ChannelError.self) {
            try await channel.send(
                ISO15693Request(flags: [.highDataRate, .address, .option], command: 0x20, parameters: [0]))
        }
    }

    @Test func aWrongLeIsAskedAgainWithTheLengthTheReaderNames() async throws {
        let apdus = ScriptedAPDUChannel { apdu in
            apdu[4] == 0x08 ? [1, 2, 3, 4, 5, 6, 7, 8, 0x90, 0x00] : [0x6C, 0x08]
        }
        let channel = Channel(channel: apdus, readerName: "R", uid: [], blockSize: 4)
        let response = try await channel.send(ISO15693Request(command: 0x20, parameters: [0x00]))
        #expect(response.payload == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(apdus.log == [[0xFF, 0xB0, 0x00, 0x00, 0x04], [0xFF, 0xB0, 0x00, 0x00, 0x08]])
        #expect(channel.blockSize == 8)
    }

    @Test func readerAndCarrierFailuresAreChannelErrors() async throws {
        let label = CommandLabel.iso15693(0x20)
        let read = ISO15693Request(command: 0x20, parameters: [0x00])
        func channel(_ answer: [UInt8]) -> Channel {
            Channel(channel: ScriptedAPDUChannel { _ in answer }, readerName: "R", uid: [])
        }
        await #expect(throws: ChannelError.tagLost(command: label)) { try await channel([]).send(read) }
        await #expect(throws: ChannelError.statusWord(sw1: 0x67, sw2: 0x00, command: label)) {
            try await channel([0x67, 0x00]).send(read)
        }
        await #expect(throws: ChannelError.malformedResponse(command: label, received: 1, expected: 2)) {
            try await channel([0x90]).send(read)
        }
        do {
            _ = try await channel([0x6D, 0x00]).send(read)
            Issue.record("6D 00 read as data")
        } catch {
            guard case .unsupported = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        let removed = Channel(
            channel: ScriptedAPDUChannel { _ throws(PCSCError) in throw PCSCError.cardRemoved(reader: "R") },
            readerName: "R", uid: [])
        await #expect(throws: ChannelError.tagLost(command: label)) { try await removed.send(read) }
        // A block of the wrong size after the size is known is malformed, not data.
        let sized = Channel(
            channel: ScriptedAPDUChannel { _ in [1, 2, 0x90, 0x00] }, readerName: "R", uid: [], blockSize: 4)
        await #expect(throws: ChannelError.malformedResponse(command: label, received: 2, expected: 4)) {
            try await sized.send(read)
        }
    }

    @Test func aTagThatLeavesMidSessionIsLost() async throws {
        let (chip, _, channel) = try await chain()
        chip.gone = true
        await #expect(throws: ChannelError.tagLost(command: .iso15693(0x21))) {
            try await channel.send(ISO15693Request(command: 0x21, parameters: [0x04, 1, 2, 3, 4]))
        }
    }

    @Test func normalisingTheUIDReversesOnlyAnLSBFirstUID() {
        var rng = SplitMix64(seed: 0xE004)
        for _ in 0..<500 {
            let uid = [0xE0] + rng.bytes(7).map { $0 == 0xE0 ? 0x00 : $0 }
            #expect(Channel.normalisedUID(uid) == uid)
            #expect(Channel.normalisedUID(uid.reversed()) == uid)
        }
        // Neither end is E0, or the wrong length: kept as it came.
        #expect(Channel.normalisedUID([0x01, 0x02, 0x03]) == [0x01, 0x02, 0x03])
        #expect(Channel.normalisedUID([1, 2, 3, 4, 5, 6, 7, 8]) == [1, 2, 3, 4, 5, 6, 7, 8])
    }
}
