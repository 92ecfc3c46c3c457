import TagFrames
import TagTransport

/// The tag of a running phone session as a raw ``/TagTransport/NFCAChannel`` (`sendMiFareCommand`;
/// iOS adds the CRC), so TapCard's own Type 2 workflows — password-protected reads, writes and
/// locks, `protect` and `unprotect` — run on the phone too, with PWD_AUTH and raw page commands in
/// one connection. Valid only inside ``TagSessionService/withTransport(_:_:)``; afterwards every
/// command fails with the way the session ended.
public final class PhoneTagTransport: NFCAChannel {
    private let radio: any NFCAChannel

    /// The UID the tag announced.
    public let uid: [UInt8]
    /// How the tag presented itself to iOS.
    public let technology: TagTechnology

    init(uid: [UInt8], technology: TagTechnology, radio: any NFCAChannel) {
        self.uid = uid
        self.technology = technology
        self.radio = radio
    }

    public func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        try await radio.transceive(command)
    }

    public func reactivate() async throws(ChannelError) {
        try await radio.reactivate()
    }

    /// iOS drops the connection on a NAK for the rest of the session.
    public var survivesRefusal: Bool { false }

    /// PWD_AUTH, the NTAG21x / Ultralight EV1 password command.
    static let passwordAuthCode: UInt8 = 0x1B

    /// What a CoreNFC error code reported for `command` means for TapCard, where iOS hides the
    /// tag's own answer; `nil` where the code means what it says.
    ///
    /// iOS reports a NAK to PWD_AUTH as a lost connection: `sendMiFareCommand([0x1B, pwd…])` fails
    /// with `readerTransceiveErrorTagConnectionLost` (100, "Tag connection lost") instead of
    /// returning the NAK nibble (shared/reference/users-asks.md §1, revtel/react-native-nfc-manager#537:
    /// "A NAK shows up on iOS as a dropped connection"). So error 100 right after `1B` becomes the
    /// NAK it stands for, `.nak(code: 0x0, command: 0x1B)`, which the Type 2 workflow turns into
    /// "the tag did not accept the password" (and never retries), not "the tag moved away". The
    /// NAK's code is lost on the way: a tag whose AUTHLIM count is used up (NAK 4h) looks the same
    /// on the phone, and so would a tag that really left during those few milliseconds.
    static func translated(coreNFCCode code: Int, command: CommandLabel) -> ChannelError? {
        guard command == .nfcA(passwordAuthCode), code == CoreNFCErrorCode.tagConnectionLost.rawValue else {
            return nil
        }
        return .nak(code: 0x0, command: .nfcA(passwordAuthCode))
    }
}
