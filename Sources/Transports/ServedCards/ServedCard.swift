import PCSCTransport
import TagCatalog
import TagEmulator
import TapCardSupport

/// A virtual tag as a card vpcd can serve: the bridge of its air technology over the emulated
/// chip. This is the one switch from a tag file's kind to a PC/SC bridge, kept beside the bridges
/// (so a new technology adds its bridge and its case here, not in a front end):
///
/// - an NTAG / Ultralight behind the storage-card bridge (PC/SC Part 3 ATR, FF B0/D6, D4 42
///   pass-through);
/// - a Type 4 tag behind the ISO-DEP bridge (an ISO 14443-4 ATR from the chip's ATS, APDUs as they
///   are);
/// - a Type 5 tag behind the ISO 15693 storage-card bridge (PC/SC Part 3 ATR with standard byte
///   0B, FF B0/D6 on blocks, FF CA UID);
/// - a MIFARE Classic card behind the Classic storage-card bridge (standard 03, FF 82/86 keys and
///   authentication, FF B0/D6 on blocks).
///
/// A FeliCa tag (Type 3) has no bridge: PC/SC Part 3 names FeliCa cards, but no vpcd bridge here
/// answers its commands, so ``init(serving:)`` returns `nil`.
public struct ServedCard {
    /// The tag served; a front end saves it back when serving ends.
    public let tag: VirtualTag
    public let atr: [UInt8]
    /// "NTAG213 UID 04:…", "MIFARE DESFire EV3 4K UID 04:… (ISO-DEP)", for a start line.
    public let description: String
    /// The card's answer to one APDU.
    public let respond: ([UInt8]) async -> [UInt8]
    /// vpcd powered the card on or reset it: a new RF session for the tag.
    public let reset: () -> Void
    /// "180 bytes", "3 files", "64 blocks": what a save writes, for a closing line.
    public let savedSize: String

    public init?(serving tag: VirtualTag) {
        self.tag = tag
        switch tag {
        case .type2(let chip):
            let bridge = StorageCardBridge(tag: chip, totalPages: chip.model.type2Layout?.totalPages)
            atr = StorageCardBridge<EmulatedTag>.ultralightATR
            description = Self.name(chip.model, uid: chip.uid, carrier: nil)
            respond = { await bridge.respond(to: $0) }
            reset = { chip.present() }
            savedSize = "\(chip.memory.count) bytes"
        case .type4(let chip):
            let bridge = ISODepBridge(tag: chip, uid: chip.uid)
            atr = ISODepBridge<EmulatedType4Tag>.atr(ats: chip.facts.ats)
            description = Self.name(chip.model, uid: chip.uid, carrier: "ISO-DEP")
            respond = { await bridge.respond(to: $0) }
            reset = { chip.present() }
            savedSize = "\(chip.facts.files.count) files"
        case .type5(let chip):
            typealias Bridge = ISO15693StorageCardBridge<EmulatedType5Tag>
            let bridge = Bridge(chip: chip)
            atr = Bridge.atr(cardName: Bridge.cardName(forUID: chip.uid))
            description = Self.name(chip.model, uid: chip.uid, carrier: "ISO 15693, PC/SC Part 3 storage card")
            respond = { await bridge.respond(to: $0) }
            reset = { chip.present() }
            savedSize = "\(chip.memory.blocks.count) blocks"
        case .classic(let chip):
            let bridge = ClassicStorageCardBridge(card: chip)
            atr = ClassicStorageCardBridge<EmulatedClassicTag>.atr(cardName: chip.facts.pcscCardName)
            description = Self.name(chip.model, uid: chip.uid, carrier: "PC/SC Part 3 storage card")
            respond = { await bridge.respond(to: $0) }
            reset = { chip.present() }
            savedSize = "\(chip.blocks.count) blocks"
        case .type3:
            return nil
        }
    }

    private static func name(_ model: TagModel, uid: [UInt8], carrier: String?) -> String {
        "\(model.displayName) UID \(Hex.encode(uid, uppercase: true, separator: ":"))"
            + (carrier.map { " (\($0))" } ?? "")
    }
}
