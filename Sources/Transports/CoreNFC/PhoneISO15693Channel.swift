import TagFrames
import TagTransport

/// The `NFCTag.iso15693` tag of a running phone session as an ``/TagTransport/ISO15693Channel``,
/// so TapCard's own Type 5 work runs on the phone: each request goes through a typed
/// `NFCISO15693Tag` call or `sendRequest(requestFlags:commandCode:data:)` (iOS 14), as
/// `ISO15693Route` decides and documents (type4-type5-ntag424.md §4.2). iOS inserts the UID for
/// addressed typed calls and the IC manufacturer code for `customCommand`; for `sendRequest` the
/// adapter inserts them itself. The tag's error answers come back as data (error flag, code);
/// only a failure of the carrier throws. Valid only inside
/// ``CoreNFCTagSessions/withConnection(_:_:)``; afterwards every request fails with the way the
/// session ended.
public final class PhoneISO15693Channel: ISO15693Channel {
    private let radio: any ISO15693Channel

    /// The 8-byte UID, `E0` first: `NFCISO15693Tag.identifier`, "Big Endian byte order".
    public let uid: [UInt8]
    /// How the tag presented itself to iOS.
    public let technology: TagTechnology

    init(uid: [UInt8], technology: TagTechnology, radio: any ISO15693Channel) {
        self.uid = uid
        self.technology = technology
        self.radio = radio
    }

    public func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        try await radio.send(request)
    }
}
