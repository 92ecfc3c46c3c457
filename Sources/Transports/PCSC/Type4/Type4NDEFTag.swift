/// NDEF on an NFC Forum Type 4 tag (ISO-DEP), through ISO 7816-4 APDUs (NFC Forum Type 4 Tag
/// specification, version 2.0): SELECT the NDEF application `D2 76 00 00 85 01 01`, read the
/// capability container file `E1 03`, then READ BINARY / UPDATE BINARY on the NDEF file, whose
/// first two bytes (NLEN) hold the message length.
public final class Type4NDEFTag<Channel: APDUChannel> {
    public let channel: Channel

    /// The capability container, as the tag reported it.
    public struct CapabilityContainer: Sendable, Equatable {
        public var mappingVersion: UInt8
        /// Largest READ BINARY answer the tag accepts (MLe).
        public var maxRead: Int
        /// Largest UPDATE BINARY data the tag accepts (MLc).
        public var maxWrite: Int
        public var ndefFileID: [UInt8]
        /// The NDEF file's size, NLEN included.
        public var ndefFileSize: Int
        public var readAccess: UInt8
        public var writeAccess: UInt8

        /// Bytes available for an NDEF message (the file minus NLEN).
        public var capacity: Int { max(0, ndefFileSize - 2) }
        public var isWritable: Bool { writeAccess == 0x00 }

        /// Parses the CC file (T4T spec §5.1); `nil` when it is truncated or not an NDEF File Control TLV.
        public init?(_ bytes: [UInt8]) {
            guard bytes.count >= 15, bytes[7] == 0x04, bytes[8] >= 0x06 else { return nil }
            mappingVersion = bytes[2]
            maxRead = Int(bytes[3]) << 8 | Int(bytes[4])
            maxWrite = Int(bytes[5]) << 8 | Int(bytes[6])
            ndefFileID = [bytes[9], bytes[10]]
            ndefFileSize = Int(bytes[11]) << 8 | Int(bytes[12])
            readAccess = bytes[13]
            writeAccess = bytes[14]
        }
    }

    public init(channel: Channel) {
        self.channel = channel
    }

    /// Selects the NDEF application and reads the CC file.
    public func capabilityContainer() async throws(Type4Error) -> CapabilityContainer {
        try await command(
            [0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00],
            step: "select the NDEF application")
        try await command([0x00, 0xA4, 0x00, 0x0C, 0x02, 0xE1, 0x03], step: "select the CC file")
        let header = try await command([0x00, 0xB0, 0x00, 0x00, 0x0F], step: "read the CC file")
        guard let cc = CapabilityContainer(header) else { throw Type4Error.malformedCapabilityContainer(header) }
        return cc
    }

    /// Reads the NDEF message bytes (possibly empty).
    public func readNDEF() async throws(Type4Error) -> [UInt8] {
        let cc = try await capabilityContainer()
        guard cc.readAccess == 0x00 else { throw Type4Error.readProtected(access: cc.readAccess) }
        try await selectNDEFFile(cc)
        let nlenBytes = try await command([0x00, 0xB0, 0x00, 0x00, 0x02], step: "read NLEN")
        guard nlenBytes.count == 2 else {
            throw Type4Error.malformedResponse(step: "read NLEN", received: nlenBytes.count)
        }
        let nlen = Int(nlenBytes[0]) << 8 | Int(nlenBytes[1])
        guard nlen <= cc.capacity else { throw Type4Error.lengthBeyondFile(nlen: nlen, capacity: cc.capacity) }
        let chunk = max(1, min(cc.maxRead, 0xFF))
        var message: [UInt8] = []
        while message.count < nlen {
            let offset = 2 + message.count
            let count = min(chunk, nlen - message.count)
            let data = try await command(
                [0x00, 0xB0, UInt8(offset >> 8), UInt8(offset & 0xFF), UInt8(count)], step: "read the NDEF file")
            guard !data.isEmpty, data.count <= count else {
                throw Type4Error.malformedResponse(step: "read the NDEF file", received: data.count)
            }
            message += data
        }
        return message
    }

    /// Writes `message`: NLEN = 0 first (so an interrupted write leaves an empty tag, not a torn
    /// message), then the message, then its NLEN.
    public func writeNDEF(_ message: [UInt8]) async throws(Type4Error) {
        let cc = try await capabilityContainer()
        guard cc.isWritable else { throw Type4Error.readOnly(access: cc.writeAccess) }
        guard message.count <= cc.capacity else {
            throw Type4Error.tooBig(needed: message.count, capacity: cc.capacity)
        }
        try await selectNDEFFile(cc)
        try await command([0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x00], step: "clear NLEN")
        let chunk = max(1, min(cc.maxWrite, 0xFF))
        var written = 0
        while written < message.count {
            let offset = 2 + written
            let count = min(chunk, message.count - written)
            try await command(
                [0x00, 0xD6, UInt8(offset >> 8), UInt8(offset & 0xFF), UInt8(count)]
                    + message[written..<(written + count)],
                step: "write the NDEF file")
            written += count
        }
        try await command(
            [0x00, 0xD6, 0x00, 0x00, 0x02, UInt8(message.count >> 8), UInt8(message.count & 0xFF)], step: "set NLEN")
    }

    private func selectNDEFFile(_ cc: CapabilityContainer) async throws(Type4Error) {
        try await command([0x00, 0xA4, 0x00, 0x0C, 0x02] + cc.ndefFileID, step: "select the NDEF file")
    }

    @discardableResult
    private func command(_ apdu: [UInt8], step: String) async throws(Type4Error) -> [UInt8] {
        let response: [UInt8]
        do {
            response = try await channel.transmit(apdu)
        } catch {
            throw Type4Error.reader(error)
        }
        guard response.count >= 2 else { throw Type4Error.malformedResponse(step: step, received: response.count) }
        let sw1 = response[response.count - 2]
        let sw2 = response[response.count - 1]
        guard sw1 == 0x90, sw2 == 0x00 else { throw Type4Error.statusWord(sw1: sw1, sw2: sw2, step: step) }
        return Array(response.dropLast(2))
    }
}
