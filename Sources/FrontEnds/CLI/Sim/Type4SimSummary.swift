import TagCatalog
import TagEmulator
import TapCardSupport

/// What `tapcard sim new|show` says about a virtual Type 4 tag: chip, UID, CC, each file's size
/// and access, the keys' versions and the stored signature. Hardware facts only, straight from
/// the file (no commands are sent).
struct Type4SimSummary: VirtualTagSummary {
    let path: String
    let tag: EmulatedType4Tag

    /// The CC file's first CCLEN bytes (all of it when CCLEN is larger than the file).
    var capabilityContainer: [UInt8] {
        let cc = tag.contents(ofFile: Type4Facts.ccFileIdentifier) ?? []
        guard cc.count >= 2 else { return cc }
        return Array(cc.prefix(Int(cc[0]) << 8 | Int(cc[1])))
    }

    /// "T4T v2.0, MLe 256, MLc 255", from CC bytes 2–6.
    var ccDescription: String {
        let cc = capabilityContainer
        guard cc.count >= 7 else { return "too short to be a CC" }
        let mle = Int(cc[3]) << 8 | Int(cc[4])
        let mlc = Int(cc[5]) << 8 | Int(cc[6])
        return "T4T v\(cc[2] >> 4).\(cc[2] & 0x0F), MLe \(mle), MLc \(mlc)"
    }

    static func fileName(_ identifier: UInt16) -> String {
        Hex.encode([UInt8(identifier >> 8), UInt8(identifier & 0xFF)], uppercase: true)
    }

    /// "free", "never" or "key 2" (`separator` "-" gives JSON v1's kebab-case "key-2").
    static func nibble(_ value: UInt8, separator: String = " ") -> String {
        switch value {
        case Type4AccessRights.free: "free"
        case Type4AccessRights.never: "never"
        default: "key\(separator)\(value)"
        }
    }

    /// The NLEN at the start of a file the CC names as the NDEF file, when it has one.
    func ndefLength(_ file: Type4File) -> Int? {
        guard file.identifier == 0xE104, file.contents.count >= 2 else { return nil }
        return Int(file.contents[0]) << 8 | Int(file.contents[1])
    }

    func lines(action: String) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let name = tag.model == .genericType4 ? "generic Type 4" : tag.model.displayName
        let title = "\(name) virtual tag \(path)"
        var lines = [action.isEmpty ? title : "\(action) \(title)"]
        lines.append("  UID        \(hex(tag.uid))")
        if let picc = tag.picc, let facts = tag.facts.desfire {
            return lines + desfireLines(picc, facts)
        }
        lines.append("  CC         \(hex(capabilityContainer)): \(ccDescription)")
        for file in tag.memory.files {
            var text = "  File \(Self.fileName(file.identifier))  \(file.size) bytes"
            if let number = file.number { text += ", file number \(number)" }
            if let rights = file.accessRights {
                text +=
                    "; read \(Self.nibble(rights.read)), write \(Self.nibble(rights.write)), read/write \(Self.nibble(rights.readWrite)), change \(Self.nibble(rights.change))"
            }
            if let length = ndefLength(file) { text += "; NLEN \(length)" }
            lines.append(text)
        }
        if !tag.memory.keys.isEmpty {
            let versions = tag.memory.keys.map { hex([$0.version]) }.joined(separator: " ")
            let factory = tag.memory.keys.allSatisfy { $0.value.allSatisfy { $0 == 0 } }
            lines.append(
                "  Keys       \(tag.memory.keys.count) AES keys, versions \(versions)\(factory ? " (all zeros, as shipped)" : "")"
            )
        }
        if !tag.signature.isEmpty {
            let zeros = tag.signature.allSatisfy { $0 == 0 }
            lines.append(
                "  Signature  \(tag.signature.count) bytes\(zeros ? ", all zeros: only NXP can sign a UID, so it never verifies" : ": \(hex(tag.signature))")"
            )
        }
        return lines
    }

    /// "000001": an AID as documents write it, most significant byte first.
    static func aidText(_ aid: UInt32, uppercase: Bool) -> String {
        Hex.encode([UInt8(aid >> 16 & 0xFF), UInt8(aid >> 8 & 0xFF), UInt8(aid & 0xFF)], uppercase: uppercase)
    }

    /// A DESFire's PICC: its master key's type, key settings, free memory (the emulator's figure)
    /// and each application with its files.
    func desfireLines(_ picc: DESFirePICC, _ facts: DESFireFacts) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let zeros = picc.masterKey.value.allSatisfy { $0 == 0 }
        var lines = [
            "  PICC       master key \(picc.masterKeyType.rawValue)\(zeros ? " (all zeros)" : ""), key settings \(hex([picc.keySettings])), \(picc.freeMemory(facts)) bytes free (assumed figures: the emulator's model)",
            "  Apps       \(picc.applications.isEmpty ? "none (not NDEF-formatted: tapcard format creates AN11004's)" : "\(picc.applications.count)")",
        ]
        for application in picc.applications {
            let aid = Self.aidText(application.aid, uppercase: true)
            let name = application.dfName.isEmpty ? "" : ", DF name \(Hex.encode(application.dfName, uppercase: true))"
            lines.append(
                "  App \(aid) \(application.keys.count) \(application.keyType.rawValue) key\(application.keys.count == 1 ? "" : "s"), key settings \(hex([application.keySettings]))\(name)"
            )
            for file in application.files {
                let rights = file.accessRights
                let iso = file.isoFileID.map { " (\(Self.fileName($0)))" } ?? ""
                lines.append(
                    "    File \(file.number)\(iso)  \(file.size) bytes; read \(Self.nibble(rights.read)), write \(Self.nibble(rights.write)), read/write \(Self.nibble(rights.readWrite)), change \(Self.nibble(rights.change))"
                )
            }
        }
        return lines
    }

    func json(action: String) -> JSON {
        let files: [JSON] = tag.memory.files.map { file in
            var members: [(String, JSON)] = [
                ("id", .string(Hex.encode([UInt8(file.identifier >> 8), UInt8(file.identifier & 0xFF)]))),
                ("number", file.number.map { .int(Int($0)) } ?? .null),
                ("size", .int(file.size)),
                ("settings", file.settings.flatMap { $0.isEmpty ? nil : JSON.string(Hex.encode($0)) } ?? .null),
            ]
            if let rights = file.accessRights {
                members.append(
                    (
                        "access",
                        .object([
                            ("read", .string(Self.nibble(rights.read, separator: "-"))),
                            ("write", .string(Self.nibble(rights.write, separator: "-"))),
                            ("read_write", .string(Self.nibble(rights.readWrite, separator: "-"))),
                            ("change", .string(Self.nibble(rights.change, separator: "-"))),
                        ])
                    ))
            } else {
                members.append(("access", .null))
            }
            members.append(("ndef_length", ndefLength(file).map(JSON.int) ?? .null))
            return .object(members)
        }
        return .object([
            ("action", .string(action)),
            ("file", .string(path)),
            ("chip", TagJSON.chip(model: tag.model, identifiedBy: "declared by the virtual tag file")),
            ("uid", TagJSON.uid(bytes: tag.uid)),
            // A DESFire without AN11004's application has no CC: null, never "".
            ("cc", capabilityContainer.isEmpty ? .null : .string(Hex.encode(capabilityContainer))),
            ("files", .array(files)),
            ("key_versions", .array(tag.memory.keys.map { .int(Int($0.version)) })),
            (
                "applications",
                tag.picc.map { picc in
                    .array(picc.applications.map { .string(Self.aidText($0.aid, uppercase: false)) })
                } ?? .null
            ),
            ("signature", tag.signature.isEmpty ? .null : .string(Hex.encode(tag.signature))),
        ])
    }
}
