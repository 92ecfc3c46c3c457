import TagCatalog
import TapCardSupport

/// Flipper Zero's file for a MIFARE DESFire card (`Device type: Mifare DESFire`), as its firmware
/// writes it (flipperdevices/flipperzero-firmware `lib/nfc/protocols/mf_desfire/mf_desfire_i.c`,
/// `mf_desfire_*_save`): `PICC Version` (28 bytes), the PICC's and each application's key
/// settings (`… Change Key ID`, `… Config Changeable`, `… Free Create Delete`, `… Free Directory
/// List`, `… Key Changeable`, `… Flags`, `… Max Keys`, `… Key N Version`), `Application IDs` (3
/// bytes each, least significant first), and per application `File IDs` and per file `Type`,
/// `Communication Settings`, `Access Rights`, `Size` and its data under `Application AAAAAA File N`.
///
/// A Flipper cannot read keys, and reads a file only when its access rights let anyone: a tag
/// made from the file has zero keys of the kind the flags name (version as recorded) and zeros in
/// the files it could not read, and ``Parsed/unknowns`` says which. The format does not carry ISO
/// file identifiers or DF names: for AN11004's NDEF application (AID 000001 with ISO file
/// identifiers) the ones AN11004 fixes are assumed (DF name D2 76 00 00 85 01 01, DF E110, files
/// 01 → E103, 02 → E104), and said. TapCard's DESFire holds standard data files only: another file
/// type is refused, naming it.
public enum FlipperDESFireFile {
    public static let deviceType = "Mifare DESFire"

    public struct Parsed: Sendable, Equatable {
        public var model: TagModel
        public var uid: [UInt8]
        public var picc: DESFirePICC
        /// What the dump does not hold and the tag has in its place, one sentence each.
        public var unknowns: [String]
        /// Where the `PICC Version` line contradicts itself, the model or the `UID` line, each
        /// saying which value the tag has.
        public var contradictions: [String] = []
    }

    /// Where the file at `path` contradicts itself (``Parsed/contradictions``).
    public static func contradictions(_ text: String, path: String) throws(EmulatorError) -> [String] {
        do {
            return try parse(text).contradictions
        } catch {
            throw .malformedDESFireFile(path: path, error)
        }
    }

    /// True when `text` is a Flipper file whose device type is Mifare DESFire.
    public static func isDESFire(_ text: String) -> Bool {
        TextLines.flipperDeviceType(text) == deviceType
    }

    public static func decode(_ text: String, path: String) throws(EmulatorError) -> (EmulatedType4Tag, [String]) {
        let parsed: Parsed
        do {
            parsed = try parse(text)
        } catch {
            throw .malformedDESFireFile(path: path, error)
        }
        return (try EmulatedType4Tag(model: parsed.model, uid: parsed.uid, picc: parsed.picc), parsed.unknowns)
    }

    public static func parse(_ text: String) throws(DESFireFlipperFileError) -> Parsed {
        let fields = try DESFireFlipperFileError.reading(try FlipperFileFields(text))
        // The firmware writes every line with LF: text after the last one is a line cut short.
        try DESFireFlipperFileError.reading(try fields.requireFinalLineEnd())
        let device = try DESFireFlipperFileError.reading(try fields.required("Device type"))
        guard device.value == deviceType else { throw .notDESFire(device.value, line: device.line) }
        let uid = try DESFireFlipperFileError.reading(try fields.required("UID").hex(count: [7]))
        let versionField = try DESFireFlipperFileError.reading(try fields.required("PICC Version"))
        let version = try DESFireFlipperFileError.reading(try versionField.hex(count: [28]))
        // GetVersion part 1: vendor, type, subtype, major, minor, storage size, protocol.
        let model: TagModel
        switch version[3] {
        case 0x01: model = .desfireEV1_4K
        case 0x12: model = .desfireEV2_8K
        case 0x33: model = .desfireEV3_4K
        default: throw .unknownVersion(version: Array(version[0..<7]), line: versionField.line)
        }
        let contradictions = versionContradictions(version, model: model, uid: uid, line: versionField.line)
        var unknowns: [String] = []
        let piccSettings = try keySettings(fields, prefix: "PICC")
        var picc = DESFirePICC(
            masterKeyType: piccSettings.keyType, masterKey: Type4Key(value: zeros(piccSettings.keyType)),
            keySettings: piccSettings.settings, applications: [])
        picc.masterKey.version = try keyVersions(fields, prefix: "PICC", count: piccSettings.maxKeys).first ?? 0
        unknowns.append("the PICC master key (\(piccSettings.keyType.rawValue)): zeros here")
        // The firmware writes the count (0 too) and each application's file IDs (none too): a file
        // without them was cut short, and is no card with nothing in it.
        let countField = try DESFireFlipperFileError.reading(try fields.required("Application Count"))
        let count = try DESFireFlipperFileError.reading(try countField.number(in: 0...28))
        let ids = try DESFireFlipperFileError.reading(try fields.hex("Application IDs", count: [count * 3])) ?? []
        guard ids.count == count * 3 else { throw .missing("Application IDs", line: countField.line) }
        for index in 0..<count {
            let bytes = Array(ids[index * 3..<index * 3 + 3])
            let aid = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
            let prefix = "Application " + Hex.encode(bytes, uppercase: false)
            picc.applications.append(try application(fields, prefix: prefix, aid: aid, unknowns: &unknowns))
        }
        return Parsed(model: model, uid: uid, picc: picc, unknowns: unknowns, contradictions: contradictions)
    }

    /// GetVersion's parts (hardware 0–6, software 7–13, UID 14–20) against each other, the model
    /// the hardware major version picks and the `UID` line. The emulated card answers GetVersion
    /// with its own model's bytes, so each sentence says what the tag has.
    private static func versionContradictions(_ version: [UInt8], model: TagModel, uid: [UInt8], line: Int)
        -> [String]
    {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        // The storage size byte: 2^(byte >> 1) bytes, exactly when bit 0 is clear (DESFireStorageSize).
        func storage(_ byte: UInt8) -> String {
            let bytes = byte >> 1 < 40 ? "\(1 << Int(byte >> 1)) bytes" : "2^\(byte >> 1) bytes"
            return byte & 1 == 0 ? bytes : "more than \(bytes)"
        }
        var found: [String] = []
        let parts: [(String, Int, (UInt8) -> String)] = [
            ("vendor", 0, { hex([$0]) }), ("type", 1, { hex([$0]) }),
            ("storage size", 5, { "\(hex([$0])) (\(storage($0)))" }),
        ]
        for (name, offset, describe) in parts where version[offset] != version[7 + offset] {
            found.append(
                "line \(line): PICC Version's hardware \(name) is \(describe(version[offset])) but its software \(name) is \(describe(version[7 + offset])); the hardware's is used"
            )
        }
        if let memory = model.type4?.desfire?.memoryBytes, version[5] & 1 == 0, version[5] >> 1 < 40,
            1 << Int(version[5] >> 1) != memory
        {
            found.append(
                "line \(line): PICC Version's storage size \(hex([version[5]])) (\(storage(version[5]))) is not the \(memory) bytes of the \(model.displayName) TapCard emulates for hardware major version \(hex([version[3]])); the tag has \(memory) bytes"
            )
        }
        let versionUID = Array(version[14..<21])
        if versionUID != uid, versionUID.contains(where: { $0 != 0 }) {
            found.append(
                "line \(line): PICC Version's UID \(hex(versionUID)) differs from the UID line's \(hex(uid)); the tag answers with the UID line's"
            )
        }
        if !found.isEmpty {
            found.append(
                "the tag answers GetVersion with the \(model.displayName)'s own bytes, not the file's")
        }
        return found
    }

    private static func zeros(_ type: DESFireKeyType) -> [UInt8] { [UInt8](repeating: 0, count: type.keyLength) }

    /// The key settings byte (KeySett1), the key count and the key type of `prefix`.
    private static func keySettings(_ fields: FlipperFileFields, prefix: String)
        throws(DESFireFlipperFileError) -> (settings: UInt8, maxKeys: Int, keyType: DESFireKeyType, iso: Bool)
    {
        func flag(_ name: String) throws(DESFireFlipperFileError) -> Bool {
            guard let value = try DESFireFlipperFileError.reading(try fields.bool("\(prefix) \(name)")) else {
                throw .missing("\(prefix) \(name)", line: 0)
            }
            return value
        }
        let changeKey = try DESFireFlipperFileError.reading(
            try fields.required("\(prefix) Change Key ID").hex(count: [1]))
        var settings = changeKey[0] << 4
        if try flag("Config Changeable") { settings |= 0x08 }
        if try flag("Free Create Delete") { settings |= 0x04 }
        if try flag("Free Directory List") { settings |= 0x02 }
        if try flag("Key Changeable") { settings |= 0x01 }
        let maxKeys = try DESFireFlipperFileError.reading(try fields.required("\(prefix) Max Keys").hex(count: [1]))[0]
        let flags = try DESFireFlipperFileError.reading(try fields.hex("\(prefix) Flags", count: [1]))?[0] ?? 0
        // Flags is KeySett2's high nibble: bit 1 ISO file identifiers, bits 3-2 the key type.
        let keyType: DESFireKeyType =
            switch flags >> 2 & 0x03 {
            case 0x01: .tdes3K
            case 0x02: .aes
            default: .des
            }
        return (settings, Int(maxKeys & 0x0F), keyType, flags & 0x02 != 0)
    }

    private static func keyVersions(_ fields: FlipperFileFields, prefix: String, count: Int)
        throws(DESFireFlipperFileError) -> [UInt8]
    {
        // The firmware writes one line for every key: a file without one was cut short.
        var versions: [UInt8] = []
        for index in 0..<count {
            let field = try DESFireFlipperFileError.reading(try fields.required("\(prefix) Key \(index) Version"))
            versions.append(try DESFireFlipperFileError.reading(try field.hex(count: [1]))[0])
        }
        return versions
    }

    private static func application(
        _ fields: FlipperFileFields, prefix: String, aid: UInt32, unknowns: inout [String]
    ) throws(DESFireFlipperFileError) -> DESFireApplication {
        let settings = try keySettings(fields, prefix: prefix)
        guard (1...14).contains(settings.maxKeys) else {
            throw .badValue(
                "\(prefix) Max Keys", reason: "an application has 1 to 14 keys",
                line: fields["\(prefix) Max Keys"]?.line ?? 0)
        }
        let versions = try keyVersions(fields, prefix: prefix, count: settings.maxKeys)
        let keys = versions.map { Type4Key(value: zeros(settings.keyType), version: $0) }
        let aidText = Hex.encode([UInt8(aid >> 16 & 0xFF), UInt8(aid >> 8 & 0xFF), UInt8(aid & 0xFF)], uppercase: true)
        unknowns.append("application \(aidText)'s \(settings.maxKeys) \(settings.keyType.rawValue) keys: zeros here")
        // AN11004's NDEF application: the ISO identifiers it fixes, which the format does not carry.
        let isNDEF = aid == 0x000001 && settings.iso
        if isNDEF {
            unknowns.append("application 000001's ISO identifiers: AN11004's (DF E110, files E103 and E104) assumed")
        }
        var application = DESFireApplication(
            aid: aid, keySettings: settings.settings, keyType: settings.keyType, keys: keys,
            isoFileID: isNDEF ? 0xE110 : nil, dfName: isNDEF ? [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01] : [])
        let fileIDs = try DESFireFlipperFileError.reading(
            try fields.required("\(prefix) File IDs").hex(count: Array(0...32)))
        for number in fileIDs {
            let filePrefix = "\(prefix) File \(number)"
            let typeField = try DESFireFlipperFileError.reading(try fields.required("\(filePrefix) Type"))
            let type = try DESFireFlipperFileError.reading(try typeField.hex(count: [1]))[0]
            guard type == 0x00 else { throw .unsupportedFileType(file: filePrefix, type: type, line: typeField.line) }
            let communication = try DESFireFlipperFileError.reading(
                try fields.required("\(filePrefix) Communication Settings").hex(count: [1]))[0]
            let rights = try DESFireFlipperFileError.reading(
                try fields.required("\(filePrefix) Access Rights").hex(count: [2, 4, 6, 8, 10, 12, 14, 16]))
            let sizeField = try DESFireFlipperFileError.reading(try fields.required("\(filePrefix) Size"))
            let size = try DESFireFlipperFileError.reading(try sizeField.number(in: 0...0xFF_FFFF))
            var contents = [UInt8](repeating: 0, count: 0)
            if let data = fields[filePrefix] {
                contents = try DESFireFlipperFileError.reading(try data.hex(count: [size]))
            } else {
                guard size <= 8192 else {
                    throw .badValue(
                        "\(filePrefix) Size", reason: "no DESFire holds a file this big", line: sizeField.line)
                }
                contents = [UInt8](repeating: 0, count: size)
                unknowns.append("application \(aidText) file \(number)'s \(size) bytes (not read): zeros here")
            }
            // The firmware keeps the access rights in wire order (RW|Change, Read|Write), as it
            // sends them in CreateStdDataFile (mf_desfire_poller_i.c).
            let isoFileID: UInt16? = isNDEF ? (number == 1 ? 0xE103 : number == 2 ? 0xE104 : nil) : nil
            application.files.append(
                DESFireDataFile(
                    number: number, isoFileID: isoFileID, communication: communication & 0x03,
                    accessRights: Type4AccessRights(bytes: rights[0], rights[1]), contents: contents))
        }
        return application
    }
}
