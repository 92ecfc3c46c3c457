import NDEF
import TLVArea
import TapCardSupport
import Type2

/// What a tag's NDEF area holds, as a reader sees it.
public enum NDEFContent: Sendable, Equatable {
    /// No NDEF Capability Container.
    case notFormatted
    /// Formatted, and the NDEF Message TLV has length 0 (NFC Forum: the INITIALIZED state).
    case empty
    /// Formatted (a valid CC), but the TLV area holds no NDEF Message TLV: only NULL TLVs, a
    /// Terminator TLV first, or other TLVs. The NFC Forum mappings' NDEF detection fails there
    /// (T2T §2.4, "NDEF Detection Procedure"; nfcpy `tt2.py` finds no NDEF and says so): no
    /// message, which is not an empty one. `statement` says what the area holds and what `write`
    /// does about it.
    case noNDEFMessageTLV(statement: String)
    /// Formatted, but the TLV area breaks its mapping's rules where no torn write leaves it (a
    /// control TLV whose length is not 3, a TLV type the mapping does not have).
    case malformed(TagReadError)
    /// A message that decodes, with its bytes as stored.
    case message(NDEFMessage, bytes: [UInt8])
    /// Formatted, but the TLVs or the message do not decode the way a torn write leaves them.
    case interrupted(TagReadError)
    /// The tag refused to read its memory from `fromPage` on without the password (ACCESS.PROT),
    /// and the message (or the CC) lies there.
    case passwordProtected(fromPage: Int)

    /// Reads the content from a snapshot (which must cover the NDEF TLV).
    public static func from(_ snapshot: Type2Snapshot) -> NDEFContent {
        if let refused = snapshot.readRefusedFromPage {
            if snapshot.memory.count < 16 { return .passwordProtected(fromPage: refused) }
            if case .notRead? = snapshot.walk?.problem { return .passwordProtected(fromPage: refused) }
            if let ndef = snapshot.walk?.ndef, ndef.message.count < ndef.length {
                return .passwordProtected(fromPage: refused)
            }
        }
        guard snapshot.status != .notSupported, let walk = snapshot.walk else { return .notFormatted }
        return from(walk: walk, places: .pages(size: Type2Page.size), mapping: .type2)
    }

    /// The mapping a TLV area follows, for the sentences that name it.
    public enum TLVMapping: Sendable, Equatable {
        /// NFC Forum Type 2 (control TLVs honoured).
        case type2
        /// NFC Forum Type 5 (no control TLVs).
        case type5
        /// NXP AN1304's MIFARE Classic NDEF area (no control TLVs).
        case classic

        var name: String {
            switch self {
            case .type2: "the NFC Forum Type 2 mapping"
            case .type5: "the NFC Forum Type 5 mapping"
            case .classic: "the MIFARE Classic NDEF mapping (NXP AN1304)"
            }
        }
    }

    /// What a formatted tag's TLV walk holds (Type 2 after its CC, Type 5 after its CC, a MIFARE
    /// Classic card's NDEF sectors): the NDEF message, empty, no NDEF Message TLV, a malformed
    /// TLV area, or an interrupted write named by the walk's problem. `places` names bytes the
    /// way the tag type does.
    public static func from(walk: TLVWalk, places: TLVAreaPlaces, mapping: TLVMapping) -> NDEFContent {
        /// What `write` does: it puts the NDEF Message TLV where the walk says it goes.
        func rewrite(_ verb: String, _ suffix: String = "") -> String {
            guard let slot = walk.ndefSlot else {
                return "tapcard write has no room left in the data area to \(verb) an NDEF Message TLV in."
            }
            return "tapcard write \(verb)s the NDEF Message TLV at \(places.phrase(byte: slot))\(suffix)."
        }
        if let ndef = walk.ndef {
            if ndef.length == 0 { return .empty }
            do {
                return .message(try NDEFMessage.decode(ndef.message), bytes: ndef.message)
            } catch {
                return .interrupted(
                    .interruptedWrite(detail: "the \(ndef.length)-byte NDEF message does not decode: \(error.sentence)")
                )
            }
        }
        switch walk.problem {
        case nil:
            return .noNDEFMessageTLV(
                statement:
                    "No NDEF Message TLV: the tag is formatted, but its TLV area holds \(holdings(walk, places: places)) and no NDEF Message TLV, so NFC Forum NDEF detection fails and a phone reads no message (not an empty one). \(rewrite("create"))"
            )
        case .lengthBeyondDataArea(let offset, let length, let available)?:
            return .interrupted(
                .interruptedWrite(
                    detail:
                        "the TLV at data-area offset \(offset) declares \(length) bytes but only \(available) remain"))
        case .missingLength(let offset)?:
            return .interrupted(.interruptedWrite(detail: "the TLV at data-area offset \(offset) has no length"))
        case .malformedControl(let offset, let typeByte, let length)?:
            return .malformed(
                .malformedControlTLV(
                    name: TLV.Kind(typeByte: typeByte).spelledName, typeByte: typeByte, length: length,
                    dataAreaOffset: offset, place: places.phrase(byte: walk.area.start + offset),
                    rewrite: rewrite("put", walk.ndefSlot == walk.area.start + offset ? ", in its place" : "")))
        case .notRead(let upTo)?:
            return .interrupted(.interruptedWrite(detail: "memory up to byte \(upTo) could not be read"))
        case .typeNotAllowed(let offset, let typeByte)?:
            // Type 5 and Classic (Type 2 honours control TLVs).
            return .malformed(
                .typeNotInMapping(
                    name: TLV.Kind(typeByte: typeByte).spelledName, typeByte: typeByte, dataAreaOffset: offset,
                    place: places.phrase(byte: walk.area.start + offset), mapping: mapping.name,
                    rewrite: rewrite("put", walk.ndefSlot == walk.area.start + offset ? ", in its place" : "")))
        }
    }

    /// The message, when there is one; an empty message for `.empty`.
    public var message: NDEFMessage? {
        switch self {
        case .message(let message, _): message
        case .empty: NDEFMessage(records: [])
        default: nil
        }
    }

    /// The message bytes as stored (empty for `.empty`).
    public var bytes: [UInt8]? {
        switch self {
        case .message(_, let bytes): bytes
        case .empty: []
        default: nil
        }
    }

    /// What a TLV area without an NDEF Message TLV holds, in order: "only NULL TLVs (144 of
    /// them)", "a Terminator TLV at page 4 byte 0", "a Lock Control TLV, 2 NULL TLVs, then a
    /// Terminator TLV at page 5 byte 1".
    static func holdings(_ walk: TLVWalk, places: TLVAreaPlaces) -> String {
        guard !walk.tlvs.isEmpty else { return "no TLV" }
        if walk.tlvs.allSatisfy({ $0.kind == .null }) {
            return walk.tlvs.count == 1 ? "only one NULL TLV" : "only NULL TLVs (\(walk.tlvs.count) of them)"
        }
        var runs: [(kind: TLV.Kind, count: Int, offset: Int)] = []
        for tlv in walk.tlvs {
            if let last = runs.last, last.kind == tlv.kind {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((tlv.kind, 1, tlv.offset))
            }
        }
        let parts = runs.map { run -> String in
            let name = run.kind.spelledName
            var words = run.count == 1 ? "a \(name) TLV" : "\(run.count) \(name) TLVs"
            if run.kind == .terminator { words += " at \(places.phrase(byte: walk.area.start + run.offset))" }
            return words
        }
        if parts.count == 1 { return parts[0] }
        return parts.dropLast().joined(separator: ", ") + ", then " + (parts.last ?? "")
    }
}

extension TLV.Kind {
    /// The name in a sentence: "Lock Control", "NDEF Message", "Terminator", "type 0x05".
    var spelledName: String {
        switch self {
        case .null: "NULL"
        case .lockControl: "Lock Control"
        case .memoryControl: "Memory Control"
        case .ndef: "NDEF Message"
        case .proprietary: "Proprietary"
        case .terminator: "Terminator"
        case .unknown(let byte): "reserved type \(Hex.encode([byte], uppercase: true))"
        }
    }
}
