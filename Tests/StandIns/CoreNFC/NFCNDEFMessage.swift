import Foundation

/// Stand-in for `NFCTypeNameFormat` (`NS_ENUM(uint8_t)`, values 0…6 from `NFCNDEFPayload.h`).
public enum NFCTypeNameFormat: UInt8, Sendable {
    case empty = 0x00
    case nfcWellKnown = 0x01
    case media = 0x02
    case absoluteURI = 0x03
    case nfcExternal = 0x04
    case unknown = 0x05
    case unchanged = 0x06
}

/// Stand-in for `NFCNDEFPayload`: one record. Divergence: no well-known URI/Text helpers and no
/// chunking (TapCard builds its records itself).
public class NFCNDEFPayload: NSObject {
    public var typeNameFormat: NFCTypeNameFormat
    public var type: Data
    public var identifier: Data
    public var payload: Data

    public init(format: NFCTypeNameFormat, type: Data, identifier: Data, payload: Data) {
        self.typeNameFormat = format
        self.type = type
        self.identifier = identifier
        self.payload = payload
    }

    /// "0 means no chunking"; the stand-in never chunks.
    public convenience init(format: NFCTypeNameFormat, type: Data, identifier: Data, payload: Data, chunkSize: Int) {
        self.init(format: format, type: type, identifier: identifier, payload: payload)
    }
}

/// Stand-in for `NFCNDEFMessage`. "The maximum size of the NDEF message is limited to 128KB."
public class NFCNDEFMessage: NSObject {
    public var records: [NFCNDEFPayload]

    /// "An empty array will create an empty NDEF message."
    public init(records: [NFCNDEFPayload]) {
        self.records = records
    }

    /// "shall only contain a single NDEF message"; `nil` when `data` is not one.
    public convenience init?(data: Data) {
        guard let records = StandInNDEFCodec.decode([UInt8](data)) else { return nil }
        self.init(
            records: records.map {
                NFCNDEFPayload(
                    format: $0.format, type: Data($0.type), identifier: Data($0.id), payload: Data($0.payload))
            })
    }

    /// "Length of the resulting NDEF message in bytes as it would be stored on a NFC tag"
    /// (the message itself, without the Type 2 TLV header).
    public var length: Int { StandInNDEFCodec.encode(records.map(StandInNDEFCodec.Record.init)).count }
}
