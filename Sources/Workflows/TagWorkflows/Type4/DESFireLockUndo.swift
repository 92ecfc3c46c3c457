import TapCardSupport

/// Who can still make a locked DESFire's NDEF application writable again. TapCard's lock sets
/// the CC and NDEF files' write, read-write and change rights to never, but on a MIFARE DESFire
/// files and applications can be deleted and created again: the PICC master key can always
/// delete the application or format the card (FormatPICC), the application master key (key 0)
/// can delete its files, and anyone can when the application's key settings allow creating and
/// deleting files without a key (bit 2; AN11004's `0F` does). So a DESFire lock is never called
/// permanent; the report names the keys instead, from the key settings read back
/// (GetKeySettings at the PICC level and in application `000001`; `nil` when refused).
public struct DESFireLockUndo: Sendable, Equatable {
    /// The application's KeySett1 as read back, `nil` when the card refused to say.
    public var applicationKeySettings: UInt8?
    /// The PICC key settings as read back, `nil` when the card refused to say.
    public var piccKeySettings: UInt8?

    public init(applicationKeySettings: UInt8?, piccKeySettings: UInt8?) {
        self.applicationKeySettings = applicationKeySettings
        self.piccKeySettings = piccKeySettings
    }

    /// Bit 2 of the application's key settings: files created and deleted without a key.
    public var anyoneCanReplaceTheFile: Bool { (applicationKeySettings ?? 0) & 0x04 != 0 }

    /// The sentence a lock report ends with on a DESFire.
    public var sentence: String {
        var who: [String] = []
        if anyoneCanReplaceTheFile {
            who.append(
                "anyone can delete the NDEF file and create a writable one, because application 000001's key settings (\(Hex.encode([applicationKeySettings ?? 0], uppercase: true))) allow creating and deleting files without a key"
            )
        } else {
            who.append("key 0 of application 000001 can delete the NDEF file and create a writable one")
        }
        who.append(
            "the card's PICC master key can delete the application or format the card (a card as shipped has the all-zero DES key\(piccKeySettings.map { ", and this one's PICC key settings are \(Hex.encode([$0], uppercase: true))" } ?? ""))"
        )
        return
            "This is not permanent on a MIFARE DESFire: \(who.joined(separator: "; ")). It stays locked only while those keys stay secret and the key settings forbid it."
    }
}
