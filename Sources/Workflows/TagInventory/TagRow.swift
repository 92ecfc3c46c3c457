import Foundation
import Store
import TapCardSupport

/// One line of the Tags screen, in words.
public struct TagRow: Sendable, Equatable, Identifiable {
    public var key: TagKey
    public var id: String { key.chip + ":" + uid }
    /// The label, or the chip name when there is none.
    public var title: String
    public var uid: String
    public var chip: String
    public var location: String?
    /// "144 bytes (reported by the tag)" / "137 bytes (assumed from the chip type)" / "unknown".
    public var capacity: String
    /// "write: 23 bytes, verified, 2026-11-29 15:04:05 UTC", or "never written by TapCard".
    public var lastWrite: String
    public var writeCount: Int
    /// The originality-signature verdict the last inspection recorded, in words.
    public var signature: String
    public var lastSeen: Date
    public var locked: Bool

    public init(_ entry: InventoryEntry) {
        let tag = entry.tag
        key = tag.key
        uid = Hex.encode(tag.key.uid, uppercase: true, separator: ":")
        chip = tag.key.chip
        title = tag.label ?? tag.key.chip
        location = tag.location
        capacity =
            switch tag.capacity {
            case let capacity? where capacity.source == .reported: "\(capacity.bytes) bytes (reported by the tag)"
            case let capacity?: "\(capacity.bytes) bytes (assumed from the chip type)"
            case nil: "unknown (not read yet)"
            }
        if let write = entry.lastWrite {
            var text = "\(write.operation.rawValue)"
            if write.operation != .lock { text += ": \(write.message.count) bytes" }
            text += write.verified ? ", verified" : ", not verified"
            text += ", \(UTCTimestamp.readable(write.at))"
            lastWrite = text
        } else {
            lastWrite = "never written by TapCard"
        }
        writeCount = entry.writeCount
        signature =
            switch tag.signature {
            case .valid?: "valid under NXP's key (the UID was programmed by NXP once; a clone can replay it)"
            case .invalid?:
                "invalid: no signature by NXP's key for this UID (all zeros, or not NXP's): a virtual tag, an emulator, a clone or not NXP silicon"
            case .unsupported?: "none: this chip has no originality signature"
            case .notChecked?, nil: "not checked (no inspection has read it yet)"
            }
        lastSeen = tag.lastSeen
        locked = tag.lockedAt != nil
    }
}
