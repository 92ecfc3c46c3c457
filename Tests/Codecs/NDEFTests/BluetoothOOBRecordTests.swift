import TestSupport
import Testing

@testable import NDEF

/// Bluetooth Secure Simple Pairing OOB records (`application/vnd.bluetooth.ep.oob`): the OOB data
/// block of Bluetooth Core v5.3 Vol 3 Part C §5.2.2.7 in a MIME record (NFC Forum BTSSP).
@Suite("Bluetooth pairing record")
struct BluetoothOOBRecordTests {
    /// A hand-annotated payload for 00:1A:7D:DA:71:13, "Speaker", class 0x240404.
    private let payload = bytes(
        """
        16 00
        13 71 DA 7D 1A 00
        08 09 53 70 65 61 6B 65 72
        04 0D 04 04 24
        """)
    // 16 00: OOB data length 22 (0x0016, little-endian), these 2 bytes included.
    // 13 71 DA 7D 1A 00: BD_ADDR 00:1A:7D:DA:71:13, least significant byte first.
    // 08 09 …: EIR length 8 (type + 7 bytes), type 0x09 Complete Local Name, "Speaker".
    // 04 0D 04 04 24: EIR length 4, type 0x0D Class of Device, 0x240404 little-endian
    //   (major service classes Audio and Rendering, major class Audio/Video, minor: wearable headset).

    private let address = BluetoothAddress(bytes: [0x00, 0x1A, 0x7D, 0xDA, 0x71, 0x13])!

    @Test("The builder writes the annotated payload (the bytes ndeflib 0.3.3 writes for the same device)")
    func builder() throws {
        let record = try NDEFRecord.bluetooth(address: address, name: "Speaker", deviceClass: 0x24_0404)
        #expect(record.tnf == .media)
        #expect(record.type == Array("application/vnd.bluetooth.ep.oob".utf8))
        #expect(record.payload == payload)
        #expect(try NDEFRecord.bluetooth(address: address).payload == bytes("08 00 13 71 DA 7D 1A 00"))
    }

    @Test("Decoding reads the address (shown most significant byte first), the name and the class")
    func decode() throws {
        let oob = try BluetoothOOBRecord.decode(payload: payload[...])
        #expect(oob.address.description == "00:1A:7D:DA:71:13")
        #expect(oob.name == "Speaker")
        #expect(!oob.nameIsShortened)
        #expect(oob.deviceClass == 0x24_0404)
        #expect(oob.otherDataStructures.isEmpty)
        let mime = MIMERecord(type: "Application/VND.Bluetooth.EP.OOB", payload: payload)
        #expect(mime.bluetooth == oob)
        #expect(MIMERecord(type: "application/octet-stream", payload: payload).bluetooth == nil)
        // The record's view stays MIME (as Wi-Fi tokens do); `bluetooth` reads it.
        guard case .mime(let view) = NDEFRecord.mime(type: BluetoothOOBRecord.mediaType, payload: payload).view else {
            Issue.record("not a MIME view")
            return
        }
        #expect(view.bluetooth == oob)
    }

    @Test("Other EIR data structures are kept in order; a Shortened Local Name is used when no complete one is")
    func otherStructures() throws {
        // 15 00 (21 bytes) | address | 03 08 'S' 'p' (Shortened Local Name) | 04 0A 04 00 01 (type 0x0A with
        // 3 data bytes: kept as is) | 00 (padding, skipped) | 02 0D 01 (a 1-byte class: not a class, kept)
        let bytesIn = bytes("15 00 13 71 DA 7D 1A 00 03 08 53 70 04 0A 04 00 01 00 02 0D 01")
        let oob = try BluetoothOOBRecord.decode(payload: bytesIn[...])
        #expect(oob.name == "Sp")
        #expect(oob.nameIsShortened)
        #expect(oob.deviceClass == nil)
        #expect(
            oob.otherDataStructures == [
                EIRDataStructure(type: 0x0A, data: [0x04, 0x00, 0x01]), EIRDataStructure(type: 0x0D, data: [0x01]),
            ])
        #expect(EIRDataStructure(type: 0x0E, data: []).typeName == "Simple Pairing Hash C-192")
        #expect(EIRDataStructure(type: 0x42, data: []).typeName == nil)
        // A name that is not UTF-8 is not shown as the name; it stays an EIR field.
        let notUTF8 = try BluetoothOOBRecord.decode(payload: bytes("0B 00 13 71 DA 7D 1A 00 02 09 FF")[...])
        #expect(notUTF8.name == nil)
        #expect(notUTF8.otherDataStructures == [EIRDataStructure(type: 0x09, data: [0xFF])])
    }

    @Test("Errors name the field and the offset: too short, a length that is not the payload's, an EIR past the end")
    func errors() {
        #expect(throws: NDEFError.payloadTooShort(kind: "Bluetooth OOB data", offset: 0, needed: 8, available: 7)) {
            try BluetoothOOBRecord.decode(payload: bytes("07 00 13 71 DA 7D 1A")[...])
        }
        #expect(throws: NDEFError.bluetoothLength(offset: 0, declared: 9, actual: 8)) {
            try BluetoothOOBRecord.decode(payload: bytes("09 00 13 71 DA 7D 1A 00")[...])
        }
        #expect(throws: NDEFError.bluetoothLength(offset: 0, declared: 8, actual: 9)) {
            try BluetoothOOBRecord.decode(payload: bytes("08 00 13 71 DA 7D 1A 00 00")[...])
        }
        // The EIR at offset 8 says 5 bytes follow its length byte; 1 does.
        #expect(
            throws: NDEFError.payloadTooShort(kind: "Bluetooth EIR data structure", offset: 8, needed: 6, available: 2)
        ) {
            try BluetoothOOBRecord.decode(payload: bytes("0A 00 13 71 DA 7D 1A 00 05 09")[...])
        }
        #expect(
            NDEFError.bluetoothLength(offset: 0, declared: 9, actual: 8).sentence
                == "The Bluetooth OOB data length field says 9 bytes but the payload has 8; the length counts the whole OOB data block, its own 2 bytes included. (byte 0)"
        )
        // A malformed payload is no Bluetooth view: the record shows as plain MIME, never an error.
        #expect(MIMERecord(type: BluetoothOOBRecord.mediaType, payload: bytes("09 00 13")).bluetooth == nil)
    }

    @Test("Addresses: six hex pairs with ':' or '-' (mixed), or twelve digits; anything else is refused")
    func addresses() throws {
        for text in ["00:1A:7D:DA:71:13", "00-1a-7d-da-71-13", "00:1A-7D:DA-71:13", "001A7DDA7113"] {
            #expect(try BluetoothAddress(text) == address, "\(text)")
        }
        for text in [
            "", "00:1A:7D:DA:71", "00:1A:7D:DA:71:13:00", "0:1A:7D:DA:71:13", "00:1A:7D:DA:71:1G", "00 1A 7D DA 71 13",
        ] {
            #expect(throws: RecordValueError.bluetoothAddress(text: text)) { try BluetoothAddress(text) }
        }
        #expect(BluetoothAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test("Class of device: 6 hex digits, with or without 0x")
    func deviceClass() throws {
        #expect(try BluetoothOOBRecord.deviceClass("240404") == 0x24_0404)
        #expect(try BluetoothOOBRecord.deviceClass("0x5a020C") == 0x5A_020C)
        for text in ["", "2404", "2404040", "24040g", "0x2404"] {
            #expect(throws: RecordValueError.bluetoothClass(text: text)) { try BluetoothOOBRecord.deviceClass(text) }
        }
    }

    @Test("A name fits one EIR data structure: 254 bytes do, 255 are refused")
    func nameLength() throws {
        let longest = String(repeating: "n", count: 254)
        let record = try NDEFRecord.bluetooth(address: address, name: longest)
        #expect(record.payload.count == 8 + 2 + 254)
        #expect(try BluetoothOOBRecord.decode(payload: record.payload[...]).name == longest)
        #expect(throws: RecordValueError.eirDataTooLong(type: 0x09, bytes: 255)) {
            try NDEFRecord.bluetooth(address: address, name: longest + "n")
        }
    }

    @Test("Round trip over seeded random OOB data: decode(payload) gives back every structure")
    func roundTrip() throws {
        var random = SplitMix64(seed: 0xB1E7_0001)
        for _ in 0..<2_000 {
            let address = BluetoothAddress(bytes: (0..<6).map { _ in UInt8(truncatingIfNeeded: random.next()) })!
            let structures = (0..<Int(random.next() % 5)).map { _ in
                EIRDataStructure(
                    type: UInt8(truncatingIfNeeded: random.next()),
                    data: (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            }
            let oob = BluetoothOOBRecord(address: address, dataStructures: structures)
            try oob.validate()
            #expect(try BluetoothOOBRecord.decode(payload: oob.payload[...]) == oob)
        }
    }
}
