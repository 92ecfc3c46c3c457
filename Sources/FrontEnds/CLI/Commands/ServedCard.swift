import CommandLineKit
import Foundation
import PCSCTransport
import TagCatalog
import TagEmulator
import TapCardSupport

/// The card `tapcard emulate` serves to vpcd, whichever kind of tag the file holds: an NTAG /
/// Ultralight behind the storage-card bridge (PC/SC Part 3 ATR, FF B0/D6, D4 42 pass-through), or
/// a Type 4 tag behind the ISO-DEP bridge (an ISO 14443-4 ATR from the chip's ATS, APDUs as they are),
/// or a Type 5 tag behind the ISO 15693 storage-card bridge (PC/SC Part 3 ATR with the ISO 15693
/// standard byte 0B, FF B0/D6 on blocks, FF CA UID), or a MIFARE Classic card behind the Classic
/// storage-card bridge (standard 03, FF 82/86 keys and authentication, FF B0/D6 on blocks).
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
        if let classic = try classic(path: path, model: model, io: io) { return classic }
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
        guard
            let tag = try loadOrCreate(
                path: path, model: model, supported: EmulatedType4Tag.supportedModels, io: io,
                extract: { if case .type4(let tag) = $0 { tag } else { nil } }, model: \.model,
                create: { EmulatedType4Tag(model: $0) }, fresh: "a factory-fresh")
        else { return nil }
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
        guard
            let tag = try loadOrCreate(
                path: path, model: model, supported: EmulatedType5Tag.supportedModels, io: io,
                extract: { if case .type5(let tag) = $0 { tag } else { nil } }, model: \.model,
                create: { EmulatedType5Tag(model: $0) }, fresh: "an NDEF-formatted")
        else { return nil }
        let bridge = ISO15693StorageCardBridge(chip: tag)
        typealias Bridge = ISO15693StorageCardBridge<EmulatedType5Tag>
        return ServedCard(
            atr: Bridge.atr(cardName: Bridge.cardName(forUID: tag.uid)),
            description:
                "\(tag.model.displayName) UID \(Hex.encode(tag.uid, uppercase: true, separator: ":")) (ISO 15693, PC/SC Part 3 storage card)",
            respond: { await bridge.respond(to: $0) }, reset: { tag.present() },
            save: { try VirtualTag.type5(tag).save(to: $0) }, savedSize: "\(tag.memory.blocks.count) blocks")
    }

    /// A MIFARE Classic card: the file is a virtual Classic card, or does not exist and `model` is
    /// a Classic model (served NDEF-formatted, as `sim new` makes it), behind the Classic
    /// storage-card bridge (PC/SC Part 3 ATR, standard 03, name 00 01 or 00 02; FF 82, FF 86,
    /// FF B0, FF D6 with the card's keys and access bits deciding).
    static func classic(path: String, model: TagModel?, io: some CommandIO) throws -> ServedCard? {
        guard
            let tag = try loadOrCreate(
                path: path, model: model, supported: EmulatedClassicTag.supportedModels, io: io,
                extract: { if case .classic(let tag) = $0 { tag } else { nil } }, model: \.model,
                create: { EmulatedClassicTag(model: $0, formatted: true) }, fresh: "an NDEF-formatted")
        else { return nil }
        let bridge = ClassicStorageCardBridge(card: tag)
        return ServedCard(
            atr: ClassicStorageCardBridge<EmulatedClassicTag>.atr(cardName: tag.facts.pcscCardName),
            description:
                "\(tag.model.displayName) UID \(Hex.encode(tag.uid, uppercase: true, separator: ":")) (PC/SC Part 3 storage card)",
            respond: { await bridge.respond(to: $0) }, reset: { tag.present() },
            save: { try VirtualTag.classic(tag).save(to: $0) }, savedSize: "\(tag.blocks.count) blocks")
    }

    /// The tag of one kind that `path` holds, or a new one of `model` when there is no file;
    /// `nil` when the file holds another kind (and `model` does not ask for this one) or there is
    /// no file and `model` is not of this kind.
    private static func loadOrCreate<Tag>(
        path: String, model: TagModel?, supported: [TagModel], io: some CommandIO,
        extract: (VirtualTag) -> Tag?, model modelOf: (Tag) -> TagModel, create: (TagModel) -> Tag, fresh: String
    ) throws -> Tag? {
        guard FileManager.default.fileExists(atPath: path) else {
            guard let model, supported.contains(model) else { return nil }
            let tag = create(model)
            io.note("\(path) does not exist: serving \(fresh) \(model.displayName).")
            return tag
        }
        guard !EmulateCommand.isRawImage(path), let loaded = extract(try VirtualTag.load(path)) else {
            if let model, supported.contains(model) {
                throw UsageError("\(path) does not hold \(model.withArticle).", command: "emulate")
            }
            return nil
        }
        if let model, model != modelOf(loaded) {
            throw UsageError(
                "\(path) holds \(modelOf(loaded).withArticle), not \(model.displayName).", command: "emulate")
        }
        return loaded
    }
}
