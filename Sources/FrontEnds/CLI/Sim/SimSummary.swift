import Originality
import TagCatalog
import TagEmulator
import TapCardSupport
import Type2

/// What `tapcard sim` says about a virtual tag: chip, UID, memory, CC, locks, signature.
/// Hardware facts only; the NDEF view is `tapcard info`.
struct SimSummary: VirtualTagSummary {
    let path: String
    let tag: EmulatedTag
    /// The UID the dump's header recorded, when it differs from pages 0–1.
    var headerUID: [UInt8]? = nil

    var layout: Type2Layout? { tag.model.type2Layout }
    var capabilityContainer: [UInt8] { Array(tag.memory[12..<16]) }
    var staticLock: [UInt8] { Array(tag.memory[10..<12]) }

    /// The originality check as a reader would make it: READ_SIG's answer against pages 0–1's UID.
    var signatureCheck: SignatureCheck {
        let answersReadSig = tag.model.type2Layout?.version != nil
        return SignatureCheck.check(uid: tag.uid, signature: answersReadSig ? tag.signature : nil)
    }

    var formatted: Bool { capabilityContainer[0] == 0xE1 }

    var ccDescription: String {
        guard formatted else { return "blank or foreign (not NDEF formatted)" }
        let cc = capabilityContainer
        let access =
            cc[3] == 0x00
            ? "read/write" : cc[3] == 0x0F ? "read-only" : "access byte \(Hex.encode([cc[3]], uppercase: true))h"
        return "NDEF v\(cc[1] >> 4).\(cc[1] & 0x0F), data area \(Int(cc[2]) * 8) bytes, \(access)"
    }

    var verdictText: String {
        switch signatureCheck.verdict {
        case .valid(let key): "valid (\(key))"
        case .invalid: "does not verify"
        case .unavailable: "not available"
        }
    }

    func lines(action: String) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let title = "\(tag.model.displayName) virtual tag \(path)"
        var lines = [action.isEmpty ? title : "\(action) \(title)"]
        lines.append("  UID        \(hex(tag.uid))")
        if let headerUID, headerUID != tag.uid {
            lines.append("             (the file's header says \(hex(headerUID)); the tag answers with pages 0–1)")
        }
        if let layout {
            lines.append(
                "  Memory     \(layout.totalPages) pages, \(layout.totalBytes) bytes; user memory \(layout.userMemoryBytes) bytes (pages \(layout.userPages.lowerBound)–\(layout.userPages.upperBound))"
            )
        }
        lines.append("  CC         \(hex(capabilityContainer)): \(ccDescription)")
        lines.append("  Lock bytes \(hex(staticLock))")
        let check = signatureCheck
        if tag.notInDump.contains(.signature) {
            lines.append(
                "  Signature  not in the dump it was made from: READ_SIG answers zeros in its place, which never verify"
            )
        } else {
            lines.append("  Signature  \(verdictText): \(check.statement)")
        }
        if let read = tag.pagesRead, let layout {
            lines.append(
                "  Pages read \(read) of \(layout.totalPages) by the dump it was made from; the others hold the dump's bytes"
            )
        }
        return lines
    }

    /// The tag's counters, `null` for one the dump it was made from did not hold (its 0 is a
    /// placeholder, not a value read).
    private var counters: JSON {
        .array(
            tag.counters.enumerated().map { index, value in
                // An NTAG21x's one counter is the dump's counter 2 (its READ_CNT address).
                let address = tag.counters.count == 1 ? 2 : index
                let unread =
                    tag.notInDump.contains(.counters)
                    && (tag.countersNotInDump.isEmpty || tag.countersNotInDump.contains(address))
                return unread ? .null : .int(Int(value))
            })
    }

    func json(action: String) -> JSON {
        var members: [(String, JSON)] = [
            ("action", .string(action)),
            ("file", .string(path)),
            ("chip", TagJSON.chip(model: tag.model, identifiedBy: "declared by the virtual tag file")),
            ("uid", TagJSON.uid(TagUID.fromMemory(tag.memory))),
        ]
        if let headerUID, headerUID != tag.uid { members.append(("header_uid", TagJSON.uid(bytes: headerUID))) }
        if let layout {
            members += [
                ("pages", .int(layout.totalPages)), ("bytes", .int(layout.totalBytes)),
                ("user_bytes", .int(layout.userMemoryBytes)),
            ]
        }
        members += [
            ("cc", .string(Hex.encode(capabilityContainer))),
            ("formatted", .bool(formatted)),
            ("static_lock", .string(Hex.encode(staticLock))),
            ("counters", counters),
            ("signature", TagJSON.signature(signatureCheck)),
        ]
        return .object(members)
    }
}
