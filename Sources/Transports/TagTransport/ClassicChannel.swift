import TagFrames

/// "Authenticate this sector, then read or write this 16-byte block": the channel of a MIFARE
/// Classic card, at the level a PC/SC Part 3 reader offers it (LOAD KEYS `FF 82`, GENERAL
/// AUTHENTICATE `FF 86`, READ BINARY `FF B0`, UPDATE BINARY `FF D6`). Crypto1 never crosses it:
/// the reader (or the emulator) runs the three-pass authentication and encrypts what follows.
///
/// The rules every implementation keeps:
/// - a key is loaded into a numbered slot of the reader (``loadKey(_:slot:)``), then named by its
///   slot when authenticating; slots `0` and `1` exist everywhere;
/// - an authentication covers the sector of its block until another authentication, a refused
///   command or a reactivation ends it (MF1S50 datasheet §9.4);
/// - a refusal by the card is a ``ChannelError/statusWord(sw1:sw2:command:)`` with the PC/SC
///   Part 3 word a reader gives and the command's label naming the block (``ClassicCommand``):
///   `63 00` the key was refused (authentication failed), `69 82` the block was not
///   authenticated or its access bits refuse the operation with the key used, `6A 82` the block
///   is not on the card; a silent card, a lost card or a reader failure are the usual
///   ``ChannelError`` transport cases.
///
/// A refused authentication leaves no sector authenticated, as on the chip (which falls back to
/// IDLE and needs a new activation; readers do that themselves).
public protocol ClassicChannel: AnyObject {
    /// The card's UID (4 or 7 bytes) as anticollision gave it.
    var uid: [UInt8] { get }
    /// Blocks on the card: 64 (1K), 256 (4K), 20 (Mini).
    var blockCount: Int { get }

    /// Loads a 6-byte key into the reader's volatile key slot `slot`.
    func loadKey(_ key: [UInt8], slot: UInt8) async throws(ChannelError)

    /// Authenticates the sector of `block` with the key in `slot`, used as `role`.
    func authenticate(block: Int, role: ClassicKeyRole, slot: UInt8) async throws(ChannelError)

    /// Reads one 16-byte block of the authenticated sector.
    func readBlock(_ block: Int) async throws(ChannelError) -> [UInt8]

    /// Writes one 16-byte block of the authenticated sector.
    func writeBlock(_ block: Int, _ data: [UInt8]) async throws(ChannelError)
}

extension ClassicChannel {
    /// Loads `key` into slot 0 and authenticates the sector of `block` with it as `role`.
    public func authenticate(block: Int, role: ClassicKeyRole, key: [UInt8]) async throws(ChannelError) {
        try await loadKey(key, slot: 0)
        try await authenticate(block: block, role: role, slot: 0)
    }
}
