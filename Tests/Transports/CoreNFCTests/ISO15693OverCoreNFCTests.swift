#if os(Linux)
    import CoreNFC
    import Foundation
    import TagFrames
    import TagTransport
    import Testing

    @testable import CoreNFCTransport

    /// Type 5 on the phone: the adapter's ISO 15693 channel over the stand-in's `NFCISO15693Tag`,
    /// which frames requests as `NFCISO15693Tag.h` says iOS does (type4-type5-ntag424.md §4.2).
    @Suite struct ISO15693OverCoreNFCTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions {
            CoreNFCTagSessions(polling: .everyTag, defects: defects.log, restartDelaySeconds: 0)
        }

        /// Runs `body` on the ISO 15693 channel of `chip` presented as a vicinity tag.
        func onChannel<Value: Sendable>(
            _ chip: MiniISO15693Chip, tag: StandInISO15693Tag? = nil,
            _ body: @escaping (any ISO15693Channel) async throws(ChannelError) -> Value
        ) async throws -> Value {
            let system = NFCStandInSystem()
            system.script([.present([tag ?? StandInISO15693Tag(channel: chip)])])
            return try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection throws(ChannelError) in
                    guard let channel = connection.iso15693 else { throw .noTag }
                    return try await body(channel)
                }
            }
        }

        @Test func aVicinityTagIsDeliveredWithItsUIDAndOnlyTheISO15693Channel() async throws {
            let chip = MiniISO15693Chip()
            let system = NFCStandInSystem()
            system.script([.present([StandInISO15693Tag(channel: chip)])])
            let (detected, channels, uid) = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { ($0.detected, $0.channels, $0.iso15693?.uid) }
            }
            #expect(detected == .iso15693(uid: chip.uid, dsfid: nil))
            #expect(channels == [.iso15693])
            #expect(uid == chip.uid)
            #expect(uid?.first == 0xE0)
        }

        @Test func typedReadsCarryTheAddressFlagAndGiveBackTheBlocks() async throws {
            let chip = MiniISO15693Chip()
            let (single, multiple, secured) = try await onChannel(chip) { channel throws(ChannelError) in
                (
                    try await channel.send(ISO15693Request(command: 0x20, parameters: [2])),
                    try await channel.send(ISO15693Request(command: 0x23, parameters: [1, 2])),
                    try await channel.send(
                        ISO15693Request(flags: [.highDataRate, .address, .option], command: 0x20, parameters: [7]))
                )
            }
            #expect(single == ISO15693Response(flags: 0, payload: chip.blocks[2]))
            #expect(multiple.payload == chip.blocks[1] + chip.blocks[2] + chip.blocks[3])
            #expect(secured.payload == [0x01] + chip.blocks[7], "the option flag puts the security status first")
            #expect(
                chip.received.map(\.flags) == [
                    [.highDataRate, .address], [.highDataRate, .address], [.highDataRate, .address, .option],
                ])
            #expect(chip.received.map(\.parameters) == [[2], [1, 2], [7]])
        }

        @Test func theSelectFlagClearsTheAddressFlag() async throws {
            let chip = MiniISO15693Chip()
            _ = try await onChannel(chip) { channel throws(ChannelError) in
                try await channel.send(
                    ISO15693Request(flags: [.highDataRate, .select], command: 0x20, parameters: [0]))
            }
            #expect(chip.received.map(\.flags) == [[.highDataRate, .select]])
        }

        @Test func aWriteLandsAndALockedBlockAnswersWithItsErrorCode() async throws {
            let chip = MiniISO15693Chip()
            let tag = StandInISO15693Tag(channel: chip)
            let (written, refused, relock) = try await onChannel(chip, tag: tag) { channel throws(ChannelError) in
                (
                    try await channel.send(ISO15693Request(command: 0x21, parameters: [3, 0xCA, 0xFE, 0xBA, 0xBE])),
                    try await channel.send(ISO15693Request(command: 0x21, parameters: [7, 1, 2, 3, 4])),
                    try await channel.send(ISO15693Request(command: 0x22, parameters: [7]))
                )
            }
            #expect(written == ISO15693Response(flags: 0, payload: []))
            #expect(chip.blocks[3] == [0xCA, 0xFE, 0xBA, 0xBE])
            #expect(refused.isError && refused.errorCode == 0x12)
            #expect(relock.isError && relock.errorCode == 0x11)
            #expect(chip.blocks[7] != [1, 2, 3, 4])
            // The error reached the adapter as iOS's NSError (code 102 with the tag's code in userInfo).
            #expect(
                tag.errorsReported == [.readerTransceiveErrorTagResponseError, .readerTransceiveErrorTagResponseError])
        }

        @Test func aCustomCommandReachesTheChipWithoutTheManufacturerCodeInItsParameters() async throws {
            let chip = MiniISO15693Chip()
            let (unaddressed, addressed) = try await onChannel(chip) { channel throws(ChannelError) in
                (
                    try await channel.send(
                        ISO15693Request(
                            flags: [.highDataRate], command: MiniISO15693Chip.customCode, parameters: [1, 2, 3])),
                    try await channel.send(ISO15693Request(command: MiniISO15693Chip.customCode, parameters: [9, 8]))
                )
            }
            #expect(unaddressed.payload == [3, 2, 1])
            #expect(addressed.payload == [8, 9])
            // customCommand (not addressed), then sendRequest: the stand-in accepted the adapter's UID
            // (LSB first) and manufacturer code, or no tag would have answered.
            #expect(chip.received.map(\.isCustom) == [true, true])
            #expect(chip.received.map(\.parameters) == [[1, 2, 3], [9, 8]])
            #expect(chip.received.map(\.flags) == [[.highDataRate], [.highDataRate, .address]])
        }

        @Test func getSystemInfoComesBackAsTheTagSentItWithTheUIDLeastSignificantByteFirst() async throws {
            let chip = MiniISO15693Chip()
            let info = try await onChannel(chip) { channel throws(ChannelError) in
                try await channel.send(ISO15693Request(command: 0x2B))
            }
            #expect(info.flags == 0)
            #expect(info.payload.first == 0x0F)
            #expect(Array(info.payload[1..<9]) == Array(chip.uid.reversed()))
            #expect(Array(info.payload.dropFirst(9)) == [0x00, 0x00, 0x07, 0x03, 0x01])
            #expect(chip.received == [ISO15693Request(command: 0x2B)])
        }

        @Test func aNonAddressedRequestAndAnUnknownCommandGoThroughSendRequest() async throws {
            let chip = MiniISO15693Chip()
            let (plain, unknown) = try await onChannel(chip) { channel throws(ChannelError) in
                (
                    try await channel.send(ISO15693Request(flags: [.highDataRate], command: 0x20, parameters: [4])),
                    try await channel.send(ISO15693Request(command: 0x2D, parameters: [0, 1]))
                )
            }
            #expect(plain.payload == chip.blocks[4])
            #expect(unknown == ISO15693Response(flags: 0x01, payload: [0x01]), "the error flag comes back as data")
            #expect(chip.received.map(\.flags) == [[.highDataRate], [.highDataRate, .address]])
        }

        /// `identifier` is big endian (`E0` first); `systemInfo`'s UID is "little endian byte order
        /// from the response packet" (`NFCISO15693Tag.h`).
        @Test func identifierAndSystemInfoUIDAreInOppositeByteOrders() async throws {
            let chip = MiniISO15693Chip()
            let tag = StandInISO15693Tag(channel: chip)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let info = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { _ in
                    let box = try? await tag.systemInfo(requestFlags: [.highDataRate])
                    return box.map { ([UInt8]($0.uniqueIdentifier), $0.blockSize, $0.totalBlocks, $0.icReference) }
                }
            }
            let (uid, blockSize, totalBlocks, icReference) = try #require(info)
            #expect([UInt8](tag.identifier) == chip.uid)
            #expect(uid == Array(chip.uid.reversed()))
            #expect(blockSize == MiniISO15693Chip.blockSize && totalBlocks == 8, "iOS adds the +1 of the raw fields")
            #expect(icReference == 1)
            #expect(tag.icManufacturerCode == 0x04)
            #expect([UInt8](tag.icSerialNumber) == Array(chip.uid.dropFirst(2)))
        }

        @Test func theRouteUsesTypedCallsOnlyWhereTheHeaderFixesTheFrame() {
            let uid: [UInt8] = [0xE0, 0x04, 1, 2, 3, 4, 5, 6]
            func route(_ request: ISO15693Request) -> ISO15693Route {
                ISO15693Route.of(request, uid: uid, manufacturerCode: 0x04)
            }
            #expect(route(ISO15693Request(command: 0x20, parameters: [5])) == .readSingleBlock(flags: 0x22, block: 5))
            #expect(
                route(ISO15693Request(command: 0x33, parameters: [0x00, 0x01, 0x03, 0x00]))
                    == .extendedReadMultipleBlocks(flags: 0x22, first: 0x100, count: 4))
            #expect(
                route(ISO15693Request(flags: [.highDataRate], command: 0x20, parameters: [5]))
                    == .sendRequest(flags: 0x02, command: 0x20, data: [5]))
            #expect(
                route(ISO15693Request(command: 0x2B))
                    == .sendRequest(flags: 0x22, command: 0x2B, data: [6, 5, 4, 3, 2, 1, 0x04, 0xE0]))
            #expect(
                route(ISO15693Request(command: 0xA5, parameters: [7]))
                    == .sendRequest(flags: 0x22, command: 0xA5, data: [6, 5, 4, 3, 2, 1, 0x04, 0xE0, 0x04, 7]))
            #expect(
                route(ISO15693Request(flags: [.highDataRate, .select], command: 0xA5, parameters: [7]))
                    == .customCommand(flags: 0x12, code: 0xA5, parameters: [7]))
        }

        @Test func aFrameOverTwoHundredFiftySixBytesIsRefusedBeforeItIsSent() async throws {
            let chip = MiniISO15693Chip()
            await #expect(throws: TagSessionFailure<ChannelError>.self) {
                _ = try await onChannel(chip) { channel throws(ChannelError) in
                    try await channel.send(
                        ISO15693Request(command: 0xA5, parameters: [UInt8](repeating: 0, count: 250)))
                }
            }
            #expect(chip.received.isEmpty)
        }
    }
#endif
