import TapCardSupport

/// Bluetooth Secure Simple Pairing out-of-band data for BR/EDR: a MIME record of type
/// `application/vnd.bluetooth.ep.oob` (NFC Forum "Bluetooth Secure Simple Pairing Using NFC"
/// application document). A phone that reads it offers to pair with the device.
///
/// Payload (the OOB data block of Bluetooth Core v5.3 Vol 3 Part C §5.2.2.7):
///
///     OOB data length   2 bytes, little-endian: the whole block, these 2 bytes included
///     BD_ADDR           6 bytes, little-endian (least significant byte first)
///     EIR data          EIR data structures (length, type, data), see ``EIRDataStructure``
///
/// e.g. `1B 00 | 13 71 DA 7D 1A 00 | 08 09 'S' 'p' 'e' 'a' 'k' 'e' 'r' | 04 0D 04 04 24 | …`.
/// Android (`HandoverDataParser.parseBtOob`) skips the length and reads the address reversed and
/// the names (0x08, 0x09) and class (0x0D); ndeflib's `BluetoothEasyPairingRecord` checks the
/// length against the payload. TapCard does both.
///
/// The view of such a record stays ``RecordView/mime(_:)``; ``MIMERecord/bluetooth`` reads it.
public struct BluetoothOOBRecord: Sendable, Hashable {
    /// The media type, `application/vnd.bluetooth.ep.oob`.
    public static let mediaType = "application/vnd.bluetooth.ep.oob"

    public var address: BluetoothAddress
    /// Every EIR data structure, in payload order.
    public var dataStructures: [EIRDataStructure]

    public init(address: BluetoothAddress, dataStructures: [EIRDataStructure] = []) {
        self.address = address
        self.dataStructures = dataStructures
    }

    /// OOB data for a device: its Complete Local Name (0x09) and Class of Device (0x0D, the 24-bit
    /// value) when given, in that order (ascending EIR type); throws when a name is too long for
    /// one EIR data structure.
    public init(address: BluetoothAddress, name: String?, deviceClass: UInt32?) throws(RecordValueError) {
        var structures: [EIRDataStructure] = []
        if let name {
            structures.append(EIRDataStructure(type: EIRDataStructure.completeLocalName, data: Array(name.utf8)))
        }
        if let deviceClass {
            structures.append(
                EIRDataStructure(
                    type: EIRDataStructure.classOfDevice,
                    data: [
                        UInt8(truncatingIfNeeded: deviceClass), UInt8(truncatingIfNeeded: deviceClass >> 8),
                        UInt8(truncatingIfNeeded: deviceClass >> 16),
                    ]))
        }
        self.init(address: address, dataStructures: structures)
        try validate()
    }

    /// A 24-bit Class of Device written as 6 hex digits, with or without `0x` (`240404`,
    /// `0x5A020C`).
    public static func deviceClass(_ text: String) throws(RecordValueError) -> UInt32 {
        var digits = Array(text.utf8)
        if digits.count == 8, digits[0] == UInt8(ascii: "0"), digits[1] | 0x20 == UInt8(ascii: "x") {
            digits.removeFirst(2)
        }
        guard digits.count == 6 else { throw .bluetoothClass(text: text) }
        var value: UInt32 = 0
        for digit in digits {
            guard let nibble = PercentEncoding.hexValue(digit) else { throw .bluetoothClass(text: text) }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }

    /// The local name: the Complete Local Name, else the Shortened one, when it is UTF-8.
    public var name: String? {
        nameStructure.flatMap { structure in
            guard case .success(let text) = UnicodeText.utf8(structure.data[...]) else { return nil }
            return text
        }
    }

    /// True when the name shown is the Shortened Local Name (0x08).
    public var nameIsShortened: Bool { nameStructure?.type == EIRDataStructure.shortenedLocalName }

    /// The 24-bit Class of Device (Bluetooth Assigned Numbers), from the first 3-byte 0x0D structure.
    public var deviceClass: UInt32? {
        classStructure.map { UInt32($0.data[0]) | UInt32($0.data[1]) << 8 | UInt32($0.data[2]) << 16 }
    }

    /// The data structures that are neither the name nor the class shown.
    public var otherDataStructures: [EIRDataStructure] {
        let name = nameStructureIndex
        let deviceClass = classStructureIndex
        return dataStructures.indices.filter { $0 != name && $0 != deviceClass }.map { dataStructures[$0] }
    }

    private var nameStructureIndex: Int? {
        let isUTF8 = { (structure: EIRDataStructure) -> Bool in
            if case .success = UnicodeText.utf8(structure.data[...]) { return true }
            return false
        }
        return dataStructures.firstIndex { $0.type == EIRDataStructure.completeLocalName && isUTF8($0) }
            ?? dataStructures.firstIndex { $0.type == EIRDataStructure.shortenedLocalName && isUTF8($0) }
    }

    private var nameStructure: EIRDataStructure? { nameStructureIndex.map { dataStructures[$0] } }

    private var classStructureIndex: Int? {
        dataStructures.firstIndex { $0.type == EIRDataStructure.classOfDevice && $0.data.count == 3 }
    }

    private var classStructure: EIRDataStructure? { classStructureIndex.map { dataStructures[$0] } }

    /// Throws when a data structure holds more than 254 bytes or the block would exceed 65 535.
    public func validate() throws(RecordValueError) {
        for structure in dataStructures where structure.data.count > EIRDataStructure.maximumDataLength {
            throw .eirDataTooLong(type: structure.type, bytes: structure.data.count)
        }
        let total = 8 + dataStructures.reduce(0) { $0 + 2 + $1.data.count }
        guard total <= 0xFFFF else { throw .oobDataTooLong(bytes: total) }
    }

    /// The payload: length, address and EIR data as above. A structure over 254 bytes is cut
    /// (call ``validate()`` first to be told instead).
    public var payload: [UInt8] {
        var eir: [UInt8] = []
        for structure in dataStructures {
            let data = structure.data.prefix(EIRDataStructure.maximumDataLength)
            eir.append(UInt8(data.count + 1))
            eir.append(structure.type)
            eir += data
        }
        let total = 8 + eir.count
        return [UInt8(truncatingIfNeeded: total), UInt8(truncatingIfNeeded: total >> 8)] + address.littleEndian + eir
    }

    /// The record (TNF 2, `application/vnd.bluetooth.ep.oob`).
    public var record: NDEFRecord { NDEFRecord(tnf: .media, type: Array(Self.mediaType.utf8), payload: payload) }

    /// Reads OOB data; offsets in errors are relative to the payload. The length field must
    /// equal the payload's size (ndeflib's strict rule); a length byte of 0 is padding and is
    /// skipped (Bluetooth Core v5.3 Vol 3 Part C §8: the rest is the non-significant part).
    public static func decode(payload: ArraySlice<UInt8>) throws(NDEFError) -> BluetoothOOBRecord {
        let bytes = Array(payload)
        guard bytes.count >= 8 else {
            throw .payloadTooShort(kind: "Bluetooth OOB data", offset: 0, needed: 8, available: bytes.count)
        }
        let declared = Int(bytes[0]) | Int(bytes[1]) << 8
        guard declared == bytes.count else {
            throw .bluetoothLength(offset: 0, declared: declared, actual: bytes.count)
        }
        guard let address = BluetoothAddress(bytes: bytes[2..<8].reversed()) else {
            throw .payloadTooShort(kind: "Bluetooth OOB data", offset: 2, needed: 6, available: bytes.count - 2)
        }
        var structures: [EIRDataStructure] = []
        var at = 8
        while at < bytes.count {
            let length = Int(bytes[at])
            guard length > 0 else {
                at += 1
                continue
            }
            guard at + 1 + length <= bytes.count else {
                throw .payloadTooShort(
                    kind: "Bluetooth EIR data structure", offset: at, needed: 1 + length, available: bytes.count - at)
            }
            structures.append(EIRDataStructure(type: bytes[at + 1], data: Array(bytes[(at + 2)..<(at + 1 + length)])))
            at += 1 + length
        }
        return BluetoothOOBRecord(address: address, dataStructures: structures)
    }
}

extension MIMERecord {
    /// The pairing data in an `application/vnd.bluetooth.ep.oob` record, or `nil` for another type
    /// or a payload that is not well-formed OOB data.
    public var bluetooth: BluetoothOOBRecord? {
        guard RecordType(tnf: .media, type) == RecordType(tnf: .media, BluetoothOOBRecord.mediaType) else { return nil }
        return try? BluetoothOOBRecord.decode(payload: payload[...])
    }
}

extension NDEFRecord {
    /// A Bluetooth pairing record (`application/vnd.bluetooth.ep.oob`) for `address`, with the
    /// device's name and 24-bit class of device when given.
    public static func bluetooth(address: BluetoothAddress, name: String? = nil, deviceClass: UInt32? = nil)
        throws(RecordValueError) -> NDEFRecord
    {
        try BluetoothOOBRecord(address: address, name: name, deviceClass: deviceClass).record
    }
}
