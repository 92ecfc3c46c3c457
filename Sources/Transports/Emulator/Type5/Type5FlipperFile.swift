import TagCatalog
import TapCardSupport

/// Flipper Zero `.nfc` files for the emulated Type 5 tags, in the firmware's own layout: the
/// `ISO15693-3` part as `lib/nfc/protocols/iso15693_3/iso15693_3.c` saves and loads it (DSFID,
/// AFI, IC Reference, Lock DSFID, Lock AFI, Block Count in decimal, Block Size in hex, Data
/// Content, Security Status one byte per block), and for `Device type: SLIX` the SLIX part of
/// `lib/nfc/protocols/slix/slix.c` (Password Read/Write/Privacy/Destroy/EAS, Signature, Privacy
/// Mode, Protection Pointer/Condition, Lock EAS, Lock PPL). ICODE SLIX2 is written as `SLIX`,
/// ST25DV04K as `ISO15693-3`; on reading, the legacy name `ISO15693` is accepted too, as is the
/// legacy Security Status with a leading lock byte (b0 DSFID, b1 AFI) when the Lock lines are
/// absent (`iso15693_3_load_security_legacy`). Missing SLIX fields take Flipper's defaults.
///
/// The UID line is `E0` first, as the firmware stores it (`iso15693_3_set_uid` forces byte 0 to
/// E0; `iso15693_3_get_manufacturer_id` reads byte 1). Parsing is total: any text gives a tag or
/// a ``Type5FileError`` naming the line.
public enum Type5FlipperFile {
    /// The device types read as Type 5 (the first two are written).
    public static let deviceTypes = ["SLIX", "ISO15693-3", "ISO15693"]

    /// True when `text`'s `Device type:` line names a Type 5 device type.
    public static func isType5(_ text: String) -> Bool {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingSpaces
            guard trimmed.hasPrefix("Device type:") else { continue }
            return deviceTypes.contains(String(trimmed.dropFirst("Device type:".count)).trimmingSpaces)
        }
        return false
    }

    /// The file's text for `tag`.
    public static func encode(_ tag: EmulatedType5Tag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        func bool(_ value: Bool) -> String { value ? "true" : "false" }
        let memory = tag.memory
        let isSLIX = tag.model == .icodeSLIX2
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4",
            "# Device type can be ISO14443-3A, ISO14443-3B, ISO14443-4A, ISO14443-4B, ISO15693-3, FeliCa, NTAG/Ultralight, Mifare Classic, Mifare DESFire, SLIX, ST25TB",
            "Device type: \(isSLIX ? "SLIX" : "ISO15693-3")",
            "# UID is common for all formats",
            "UID: \(hex(tag.uid))",
            "# ISO15693-3 specific data",
            "# Data Storage Format Identifier",
            "DSFID: \(hex([memory.dsfid]))",
            "# Application Family Identifier",
            "AFI: \(hex([memory.afi]))",
            "# IC Reference - Vendor specific meaning",
            "IC Reference: \(hex([tag.facts.icReference]))",
            "# Lock Bits",
            "Lock DSFID: \(bool(memory.dsfidLocked))",
            "Lock AFI: \(bool(memory.afiLocked))",
            "# Number of memory blocks, valid range = 1..256",
            "Block Count: \(memory.blocks.count)",
            "# Size of a single memory block, valid range = 01...20 (hex)",
            "Block Size: \(hex([UInt8(clamping: tag.facts.blockSize)]))",
            "Data Content: \(hex(memory.bytes))",
            "# Block Security Status: 01 = locked, 00 = not locked",
            "Security Status: \(hex(memory.locked.map { $0 ? 0x01 : 0x00 }))",
        ]
        if isSLIX {
            let slix = memory.slix ?? SLIXSettings()
            lines += [
                "# SLIX specific data",
                "# Passwords are optional. If a password is omitted, a default value will be used",
                "Password Read: \(hex(slix.readPassword))",
                "Password Write: \(hex(slix.writePassword))",
                "Password Privacy: \(hex(slix.privacyPassword))",
                "Password Destroy: \(hex(slix.destroyPassword))",
                "Password EAS: \(hex(slix.easPassword))",
                "# This is the card's secp128r1 elliptic curve signature. It can not be calculated without knowing NXP's private key.",
                "Signature: \(hex(memory.signature))",
                "Privacy Mode: \(bool(slix.privacyMode))",
                "# Protection pointer configuration",
                "Protection Pointer: \(hex([slix.protectionPointer]))",
                "Protection Condition: \(hex([slix.protectionCondition]))",
                "# SLIX Lock Bits",
                "Lock EAS: \(bool(slix.easLocked))",
                "Lock PPL: \(bool(slix.protectionPointerLocked))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A tag from a file's text; `path` only names the file in errors.
    public static func decode(_ text: String, path: String = "the virtual tag") throws(EmulatorError)
        -> EmulatedType5Tag
    {
        let parsed: Parsed
        do {
            parsed = try parse(text)
        } catch {
            throw .malformedType5File(path: path, error)
        }
        return try EmulatedType5Tag(model: parsed.model, uid: parsed.uid, memory: parsed.memory)
    }

    /// What a file says.
    public struct Parsed: Sendable, Equatable {
        public var model: TagModel
        public var uid: [UInt8]
        public var memory: Type5Memory
    }

    private struct Fields {
        var values: [String: (value: String, line: Int)] = [:]

        mutating func add(key: String, value: String, line: Int) throws(Type5FileError) {
            guard values[key] == nil else { throw .duplicateField(key, line: line) }
            values[key] = (value, line)
        }

        subscript(key: String) -> (value: String, line: Int)? { values[key] }

        func required(_ key: String) throws(Type5FileError) -> (value: String, line: Int) {
            guard let field = values[key] else { throw .missingField(key) }
            return field
        }

        func hex(_ key: String, count: Int) throws(Type5FileError) -> [UInt8]? {
            guard let field = values[key] else { return nil }
            return try Type5FlipperFile.hex(field.value, field: key, count: count, line: field.line)
        }

        func bool(_ key: String) throws(Type5FileError) -> Bool? {
            guard let field = values[key] else { return nil }
            switch field.value {
            case "true": return true
            case "false": return false
            default: throw .invalidBool(field: key, line: field.line)
            }
        }
    }

    public static func parse(_ text: String) throws(Type5FileError) -> Parsed {
        var fields = Fields()
        var sawFiletype = false
        var lineNumber = 0
        for rawLine in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawLine[...]
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            let trimmed = String(decoding: bytes, as: UTF8.self).trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw sawFiletype ? .malformedLine(line: lineNumber) : .notFlipperNFC(line: lineNumber)
            }
            let key = String(trimmed[..<colon]).trimmingSpaces
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
            if !sawFiletype {
                guard key == "Filetype", value == "Flipper NFC device" else { throw .notFlipperNFC(line: lineNumber) }
                sawFiletype = true
                continue
            }
            try fields.add(key: key, value: value, line: lineNumber)
        }
        guard sawFiletype else { throw .notFlipperNFC(line: max(1, lineNumber)) }
        return try build(fields)
    }

    private static func build(_ fields: Fields) throws(Type5FileError) -> Parsed {
        let deviceType = try fields.required("Device type")
        guard deviceTypes.contains(deviceType.value) else {
            throw .unsupportedDeviceType(deviceType.value, line: deviceType.line)
        }
        let uidField = try fields.required("UID")
        let uid = try hex(uidField.value, field: "UID", count: 8, line: uidField.line)
        let isSLIX = deviceType.value == "SLIX"
        let candidate: TagModel = isSLIX ? .icodeSLIX2 : .st25dv04k
        guard let facts = candidate.type5, facts.matches(uid: uid) else {
            throw .unknownChip(uid: Hex.encode(uid, uppercase: true, separator: " "), line: uidField.line)
        }
        if let icReference = try fields.hex("IC Reference", count: 1), !isSLIX,
            icReference[0] != facts.icReference, let line = fields["IC Reference"]?.line
        {
            throw .unknownChip(uid: Hex.encode(uid, uppercase: true, separator: " "), line: line)
        }
        let countField = try fields.required("Block Count")
        guard !countField.value.isEmpty, countField.value.utf8.count <= 4,
            countField.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let blockCount = Int(countField.value),
            (1...256).contains(blockCount)
        else { throw .invalidNumber(field: "Block Count", line: countField.line) }
        guard let blockSize = try fields.hex("Block Size", count: 1).map({ Int($0[0]) }) else {
            throw .missingField("Block Size")
        }
        guard blockCount == facts.blockCount, blockSize == facts.blockSize else {
            throw .geometry(
                blocks: blockCount, blockSize: blockSize, expectedBlocks: facts.blockCount,
                expectedSize: facts.blockSize, line: countField.line)
        }
        guard let data = try fields.hex("Data Content", count: blockCount * blockSize) else {
            throw .missingField("Data Content")
        }
        var memory = Type5Memory(facts: facts, formatted: false)
        memory.blocks = stride(from: 0, to: data.count, by: blockSize).map { Array(data[$0..<$0 + blockSize]) }
        memory.dsfid = try fields.hex("DSFID", count: 1)?[0] ?? 0
        memory.afi = try fields.hex("AFI", count: 1)?[0] ?? 0
        let lockDSFID = try fields.bool("Lock DSFID")
        let lockAFI = try fields.bool("Lock AFI")
        if let lockDSFID, let lockAFI {
            memory.dsfidLocked = lockDSFID
            memory.afiLocked = lockAFI
            if let status = try fields.hex("Security Status", count: blockCount) {
                memory.locked = status.map { $0 & 0x01 != 0 }
            }
        } else if let status = try fields.hex("Security Status", count: blockCount + 1) {
            memory.dsfidLocked = status[0] & 0x01 != 0
            memory.afiLocked = status[0] & 0x02 != 0
            memory.locked = status.dropFirst().map { $0 & 0x01 != 0 }
        }
        if isSLIX {
            var slix = SLIXSettings()
            slix.readPassword = try fields.hex("Password Read", count: 4) ?? slix.readPassword
            slix.writePassword = try fields.hex("Password Write", count: 4) ?? slix.writePassword
            slix.privacyPassword = try fields.hex("Password Privacy", count: 4) ?? slix.privacyPassword
            slix.destroyPassword = try fields.hex("Password Destroy", count: 4) ?? slix.destroyPassword
            slix.easPassword = try fields.hex("Password EAS", count: 4) ?? slix.easPassword
            memory.signature = try fields.hex("Signature", count: facts.signatureLength ?? 0) ?? memory.signature
            slix.privacyMode = try fields.bool("Privacy Mode") ?? false
            if fields["Protection Pointer"] != nil, fields["Protection Condition"] != nil {
                slix.protectionPointer = try fields.hex("Protection Pointer", count: 1)?[0] ?? 0
                slix.protectionCondition = try fields.hex("Protection Condition", count: 1)?[0] ?? 0
            }
            if fields["Lock EAS"] != nil, fields["Lock PPL"] != nil {
                slix.easLocked = try fields.bool("Lock EAS") ?? false
                slix.protectionPointerLocked = try fields.bool("Lock PPL") ?? false
            }
            memory.slix = slix
        }
        return Parsed(model: candidate, uid: uid, memory: memory)
    }

    private static func hex(_ value: String, field: String, count: Int, line: Int) throws(Type5FileError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(value)
        } catch {
            throw .invalidHex(field: field, line: line, offset: error.offset)
        }
        guard bytes.count == count else {
            throw .wrongLength(field: field, bytes: bytes.count, expected: count, line: line)
        }
        return bytes
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(
            self.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop {
                $0 == " " || $0 == "\t" || $0 == "\r"
            }.reversed())
    }
}
