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
/// absent (`iso15693_3_load_security_legacy`). A line the firmware writes that the file lacks takes
/// its default and is named (``Parsed/unknowns``); a last line without its line end is a cut file.
///
/// The UID line is `E0` first, as the firmware stores it (`iso15693_3_set_uid` forces byte 0 to
/// E0; `iso15693_3_get_manufacturer_id` reads byte 1). Parsing is total: any text gives a tag or
/// a ``Type5FileError`` naming the line.
public enum Type5FlipperFile {
    /// The device types read as Type 5 (the first two are written).
    public static let deviceTypes = ["SLIX", "ISO15693-3", "ISO15693"]

    /// True when `text`'s `Device type:` line names a Type 5 device type.
    public static func isType5(_ text: String) -> Bool {
        TextLines.flipperDeviceType(text).map(deviceTypes.contains) ?? false
    }

    /// The file's text for `tag`.
    public static func encode(_ tag: EmulatedType5Tag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        func bool(_ value: Bool) -> String { value ? "true" : "false" }
        let memory = tag.memory
        let isSLIX = tag.model == .icodeSLIX2
        var lines =
            ["Filetype: Flipper NFC device", "Version: 4"] + DumpGapLines.lines(tag.dumpGaps) + [
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
                "# SLIX specific data"
            ]
            // The firmware writes the line for every SLIX; a tag without one is Default.
            do {
                let capabilities = slix.capabilities
                lines += [
                    // The options as the firmware's slix.c names them, or as its unit-test files do.
                    "# SLIX capabilities field affects emulation modes. Possible options: Default, \(capabilities.spelling == "AcceptAllPasswords" ? "AcceptAllPasswords" : "Accept all passwords")",
                    "Capabilities: \(capabilities.spelling)",
                ]
            }
            lines += [
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
        let tag = try EmulatedType5Tag(model: parsed.model, uid: parsed.uid, memory: parsed.memory)
        tag.dumpGaps = parsed.unknowns
        return tag
    }

    /// What the file at `path` lacks of what a Flipper writes (``Parsed/unknowns``).
    public static func unknowns(_ text: String, path: String) throws(EmulatorError) -> [String] {
        do {
            return try parse(text).unknowns
        } catch {
            throw .malformedType5File(path: path, error)
        }
    }

    /// What a file says.
    public struct Parsed: Sendable, Equatable {
        public var model: TagModel
        public var uid: [UInt8]
        public var memory: Type5Memory
        /// The lines the firmware writes that the file lacks, with the value the tag has in their
        /// place, one phrase each (a file cut at a line's end, or one of an older firmware).
        public var unknowns: [String] = []
        /// Where the file's header contradicts the chip its UID names (which wins), one sentence each.
        public var contradictions: [String] = []
    }

    /// Where the file at `path` contradicts the chip its UID names (``Parsed/contradictions``).
    public static func contradictions(_ text: String, path: String) throws(EmulatorError) -> [String] {
        do {
            return try parse(text).contradictions
        } catch {
            throw .malformedType5File(path: path, error)
        }
    }

    /// The fields a Flipper writes for every tag of the device type (`iso15693_3_save`, and
    /// `slix_save` for an ICODE SLIX2 with every SLIX2 feature), each with the value a tag made
    /// without it has.
    static func writtenFields(isSLIX: Bool) -> [(key: String, stands: String)] {
        let base = [
            ("DSFID", "00"), ("AFI", "00"), ("Lock DSFID", "false"), ("Lock AFI", "false"),
            ("Security Status", "no block locked"),
        ]
        guard isSLIX else { return base }
        let slix = SLIXSettings()
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        return base + [
            ("Capabilities", "Default, as the firmware reads a file without it"),
            ("Password Read", hex(slix.readPassword)), ("Password Write", hex(slix.writePassword)),
            ("Password Privacy", hex(slix.privacyPassword)), ("Password Destroy", hex(slix.destroyPassword)),
            ("Password EAS", hex(slix.easPassword)), ("Signature", "zeros"), ("Privacy Mode", "false"),
            ("Protection Pointer", "00"), ("Protection Condition", "00"), ("Lock EAS", "false"),
            ("Lock PPL", "false"),
        ]
    }

    public static func parse(_ text: String) throws(Type5FileError) -> Parsed {
        let fields = try Type5FileError.reading(try FlipperFileFields(text))
        // A Flipper ends every line with LF: text after the last one is a line cut short.
        try Type5FileError.reading(try fields.requireFinalLineEnd())
        let deviceType = try Type5FileError.reading(try fields.required("Device type"))
        guard deviceTypes.contains(deviceType.value) else {
            throw .unsupportedDeviceType(deviceType.value, line: deviceType.line)
        }
        let uidField = try Type5FileError.reading(try fields.required("UID"))
        let uid = try Type5FileError.reading(try uidField.hex(count: [8]))
        let isSLIX = deviceType.value == "SLIX"
        let candidate: TagModel = isSLIX ? .icodeSLIX2 : .st25dv04k
        let unknownChip = { (line: Int) in
            Type5FileError.unknownChip(uid: Hex.encode(uid, uppercase: true, separator: " "), line: line)
        }
        guard let facts = candidate.type5, facts.matches(uid: uid) else { throw unknownChip(uidField.line) }
        let icReference = try Type5FileError.reading(try fields.hex("IC Reference", count: [1]))
        if let icReference, !isSLIX, icReference[0] != facts.icReference, let line = fields["IC Reference"]?.line {
            throw unknownChip(line)
        }
        let countField = try Type5FileError.reading(try fields.required("Block Count"))
        let blockCount = try Type5FileError.reading(try countField.number(in: 1...256))
        let blockSize = Int(try Type5FileError.reading(try fields.required("Block Size").hex(count: [1]))[0])
        guard blockCount == facts.blockCount, blockSize == facts.blockSize else {
            throw .geometry(
                blocks: blockCount, blockSize: blockSize, expectedBlocks: facts.blockCount,
                expectedSize: facts.blockSize, line: countField.line)
        }
        let memory = try Type5FileError.reading(try memory(fields, facts: facts, isSLIX: isSLIX))
        // Every SLIX line is optional to the firmware, so a file cut at a line's end reads: what it
        // lacks is said (a file cut inside a line was refused first).
        let legacyLocks = fields["Lock DSFID"] == nil && fields["Lock AFI"] == nil && fields["Security Status"] != nil
        // Every line the file holds is kept, a pair's lone line too (the firmware's slix.c reads a
        // pair only whole; a value the file holds is still what the tag had): only what is absent
        // is unknown.
        let absent = writtenFields(isSLIX: isSLIX).filter { field in
            fields[field.key] == nil && !(legacyLocks && field.key.hasPrefix("Lock ") && !isSLIXLock(field.key))
        }.map { "'\($0.key)' (\($0.stands) here)" }
        // What the dump a TapCard tag was made from lacked, as its comments keep it, then what this file lacks.
        let kept = DumpGapLines.phrases(in: text)
        let unknowns = kept + absent.filter { !kept.contains($0) }
        // An ICODE SLIX2 is named by its UID; an IC Reference the chip does not have is the header's word only.
        var contradictions: [String] = []
        if let icReference, isSLIX, icReference[0] != facts.icReference, let line = fields["IC Reference"]?.line {
            contradictions.append(
                "line \(line): IC Reference \(Hex.encode(icReference, uppercase: true)) is not \(candidate.withArticle)'s \(Hex.encode([facts.icReference], uppercase: true)), which its UID names; the tag answers with \(Hex.encode([facts.icReference], uppercase: true))"
            )
        }
        return Parsed(
            model: candidate, uid: uid, memory: memory, unknowns: unknowns, contradictions: contradictions)
    }

    private static func isSLIXLock(_ key: String) -> Bool { key == "Lock EAS" || key == "Lock PPL" }

    /// The memory once the chip and its geometry are settled: from here every problem is the file's syntax.
    private static func memory(_ fields: FlipperFileFields, facts: Type5Facts, isSLIX: Bool)
        throws(FlipperFileProblem) -> Type5Memory
    {
        let blockSize = facts.blockSize
        let blockCount = facts.blockCount
        let data = try fields.required("Data Content").hex(count: [blockCount * blockSize])
        var memory = Type5Memory(facts: facts, formatted: false)
        memory.blocks = stride(from: 0, to: data.count, by: blockSize).map { Array(data[$0..<$0 + blockSize]) }
        memory.dsfid = try fields.hex("DSFID", count: [1])?[0] ?? 0
        memory.afi = try fields.hex("AFI", count: [1])?[0] ?? 0
        let lockDSFID = try fields.bool("Lock DSFID")
        let lockAFI = try fields.bool("Lock AFI")
        if let lockDSFID, let lockAFI {
            memory.dsfidLocked = lockDSFID
            memory.afiLocked = lockAFI
            if let status = try fields.hex("Security Status", count: [blockCount]) {
                memory.locked = status.map { $0 & 0x01 != 0 }
            }
        } else if let status = try fields.hex("Security Status", count: [blockCount + 1]) {
            memory.dsfidLocked = status[0] & 0x01 != 0
            memory.afiLocked = status[0] & 0x02 != 0
            memory.locked = status.dropFirst().map { $0 & 0x01 != 0 }
        }
        guard isSLIX else { return memory }
        var slix = SLIXSettings()
        if let field = fields["Capabilities"] {
            guard let capabilities = SLIXCapabilities(fileValue: field.value) else {
                throw .invalidChoice(
                    field: "Capabilities", line: field.line, choices: SLIXCapabilities.spellings)
            }
            slix.capabilities = capabilities
        }
        slix.readPassword = try fields.hex("Password Read", count: [4]) ?? slix.readPassword
        slix.writePassword = try fields.hex("Password Write", count: [4]) ?? slix.writePassword
        slix.privacyPassword = try fields.hex("Password Privacy", count: [4]) ?? slix.privacyPassword
        slix.destroyPassword = try fields.hex("Password Destroy", count: [4]) ?? slix.destroyPassword
        slix.easPassword = try fields.hex("Password EAS", count: [4]) ?? slix.easPassword
        memory.signature = try fields.hex("Signature", count: [facts.signatureLength ?? 0]) ?? memory.signature
        slix.privacyMode = try fields.bool("Privacy Mode") ?? false
        slix.protectionPointer = try fields.hex("Protection Pointer", count: [1])?[0] ?? 0
        slix.protectionCondition = try fields.hex("Protection Condition", count: [1])?[0] ?? 0
        slix.easLocked = try fields.bool("Lock EAS") ?? false
        slix.protectionPointerLocked = try fields.bool("Lock PPL") ?? false
        memory.slix = slix
        return memory
    }
}
