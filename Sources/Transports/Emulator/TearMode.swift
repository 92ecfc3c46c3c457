/// How the command at the tear point fails when the tag leaves the field.
///
/// Every mode ends with the tag out of the field and the transport throwing
/// `ChannelError.tagLost(command:)`, because from the reader's side all three look the same:
/// no answer. What differs is what happened inside the tag.
public enum TearMode: String, Sendable, CaseIterable, Equatable {
    /// The command never reached the tag: memory is unchanged.
    case notDelivered = "not-delivered"
    /// The tag carried the command out, but its reply was lost.
    case replyLost = "reply-lost"
    /// A page write was interrupted while the EEPROM was being programmed: the page holds neither
    /// the old nor the new bytes (the first two bytes are new, the last two are garbage that
    /// differs from both). Pages the chip protects against tearing (static lock bytes, CC,
    /// dynamic lock bytes on NTAG21x) keep their old value instead. A command that is not a
    /// page write behaves as ``replyLost``. On a Type 4 tag (``EmulatedType4Tag``) an UPDATE
    /// BINARY or WriteData lands the first ⌊n/2⌋ of its n bytes and the rest of its range keeps
    /// the old bytes. On a MIFARE Classic (``EmulatedClassicTag``) a block write lands its first 8
    /// bytes and keeps the old last 8: a torn sector trailer can block its sector for good.
    case corruptedWrite = "corrupted-write"
}
