import Foundation
import PCSCTransport
import TagCatalog
import TagEmulator
import TapCardSupport

/// The card `tapcard emulate` serves to vpcd, whichever kind of tag the file holds: an NTAG /
/// Ultralight behind the storage-card bridge (PC/SC Part 3 ATR, FF B0/D6, D4 42 pass-through), or
/// a Type 4 tag behind the ISO-DEP bridge (an ISO 14443-4 ATR from the chip's ATS, APDUs as they are),
/// or a Type 5 tag behind the ISO 15693 storage-card bridge (PC/SC Part 3 ATR with the ISO 15693
/// standard byte 0B, FF B0/D6 on blocks, FF CA UID).
struct ServedCard {
    let atr: [UInt8]
    /// "NTAG213 UID 04:…", for the start line.
    let description: String
    let respond: ([UInt8]) async -> [UInt8]
    /// vpcd powered the card on or reset it: a new RF session for the tag.
    let reset: () -> Void
    /// Saves the tag to `path` in its file's format.
    let save: (String) throws -> Void
    /// "180 bytes", "3 files", for the closing line.
    let savedSize: String

    static func load(path: String, model: TagModel?, io: some CommandIO) throws -> ServedCard {
        if let type4 = try type4(path: path, model: model, io: io) { return type4 }
        if let type5 = try type5(path: path, model: model, io: io) { return type5 }
        let tag = try EmulateCommand.load(path: path, model: model, io: io)
        let bridge = StorageCardBridge(tag: tag, totalPages: tag.model.type2Layout?.totalPages)
        return ServedCard(
            atr: StorageCardBridge<EmulatedTag>.ultralightATR,
            description: "\(tag.model.displayName) UID \(Hex.encode(tag.uid, uppercase: true, separator: ":"))",
            respond: { await bridge.respond(to: $0) }, reset: { tag.present() },
            save: { try EmulateCommand.save(tag, to: $0) }, savedSize: "\(tag.memory.count) bytes")
    }

    /// A Type 4 card: the file is a virtual Type 4 tag, or does not exist and `model` is a Type 4 model.
    static func type4(path: String, model: TagModel?, io: some CommandIO) throws -> ServedCard? {
        let tag: EmulatedType4Tag
        if FileManager.default.fileExists(atPath: path) {
            guard !EmulateCommand.isRawImage(path), case .type4(let loaded) = try VirtualTag.load(path) else {
                if let model, EmulatedType4Tag.supportedModels.contains(model) {
                    throw UsageError("\(path) holds a Type 2 tag, not \(model.withArticle).", command: "emulate")
                }
                return nil
            }
            if let model, model != loaded.model {
                throw UsageError(
                    "\(path) holds \(loaded.model.withArticle), not \(model.displayName).", command: "emulate")
            }
            tag = loaded
        } else {
            guard let model, EmulatedType4Tag.supportedModels.contains(model) else { return nil }
            tag = EmulatedType4Tag(model: model)
            io.note("\(path) does not exist: serving a factory-fresh \(tag.model.displayName).")
        }
        let bridge = ISODepBridge(tag: tag, uid: tag.uid)
        let files = tag.facts.files.count
        return ServedCard(
            atr: ISODepBridge<EmulatedType4Tag>.atr(ats: tag.facts.ats),
            description:
                "\(tag.model.displayName) UID \(Hex.encode(tag.uid, uppercase: true, separator: ":")) (ISO-DEP)",
            respond: { await bridge.respond(to: $0) }, reset: { tag.present() },
            save: { try VirtualTag.type4(tag).save(to: $0) }, savedSize: "\(files) files")
    }

    /// A Type 5 card: the file is a virtual Type 5 tag, or does not exist and `model` is a Type 5
    /// model (served NDEF-formatted, as `sim new` makes it).
    static func type5(path: String, model: TagModel?, io: some CommandIO) throws -> ServedCard? {
        let tag: EmulatedType5Tag
        if FileManager.default.fileExists(atPath: path) {
            guard !EmulateCommand.isRawImage(path), case .type5(let loaded) = try VirtualTag.load(path) else {
                if let model, EmulatedType5Tag.supportedModels.contains(model) {
                    throw UsageError("\(path) does not hold \(model.withArticle).", command: "emulate")
                }
                return nil
            }
            if let model, model != loaded.model {
                throw UsageError(
                    "\(path) holds \(loaded.model.withArticle), not \(model.displayName).", command: "emulate")
            }
            tag = loaded
        } else {
            guard let model, EmulatedType5Tag.supportedModels.contains(model) else { return nil }
            tag = EmulatedType5Tag(model: model)
            io.note("\(path) does not exist: serving \(tag.model.withArticle), NDEF-formatted.")
        }
        let bridge = ISO15693StorageCardBridge(chip: tag)
        typealias Bridge = ISO15693StorageCardBridge<EmulatedType5Tag>
        return ServedCard(
            atr: Bridge.atr(cardName: Bridge.cardName(forUID: tag.uid)),
            description:
                "\(tag.model.displayName) UID \(Hex.encode(tag.uid, uppercase: true, separator: ":")) (ISO 15693, PC/SC Part 3 storage card)",
            respond: { await bridge.respond(to: $0) }, reset: { tag.present() },
            save: { try VirtualTag.type5(tag).save(to: $0) }, savedSize: "\(tag.memory.blocks.count) blocks")
    }
}
