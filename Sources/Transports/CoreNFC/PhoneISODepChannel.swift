import TagFrames
import TagTransport

/// The tag of a running phone session as an ``/TagTransport/ISODepChannel``, so TapCard's own
/// Type 4 work (a generic T4T, NTAG 424 DNA) runs on the phone too: `sendCommand(apdu:)` for an
/// `NFCTag.iso7816` tag, `sendMiFareISO7816Command` for a DESFire- or Plus-family `.miFare` one
/// (type4-type5-ntag424.md §4.1). Status words come back as data; only a failure of the carrier
/// (the tag left: ``/TagTransport/ChannelError/tagLost(command:)`` naming the APDU) throws.
///
/// iOS has already SELECTed ``initialSelectedAID`` before the tag was handed over (`NFCISO7816Tag.h`),
/// and refuses a SELECT by DF name of an AID missing from the app's Info.plist
/// `com.apple.developer.nfc.readersession.iso7816.select-identifiers`. Valid only inside
/// ``CoreNFCTagSessions/withConnection(_:_:)``; afterwards every APDU fails with the way the
/// session ended.
public final class PhoneISODepChannel: ISODepChannel {
    private let radio: any ISODepChannel

    /// The UID the tag announced.
    public let uid: [UInt8]
    /// How the tag presented itself to iOS.
    public let technology: TagTechnology
    /// The AID iOS selected when it discovered an `.iso7816` tag (uppercase hex, one of the
    /// Info.plist entries); `nil` for a `.miFare` tag.
    public let initialSelectedAID: String?

    init(uid: [UInt8], technology: TagTechnology, initialSelectedAID: String?, radio: any ISODepChannel) {
        self.uid = uid
        self.technology = technology
        self.initialSelectedAID = initialSelectedAID
        self.radio = radio
    }

    /// iOS states no limit below a short APDU's (it chains internally, corenfc-api.md §1.6);
    /// UNVERIFIED whether it takes extended-length responses.
    public var maximumResponseBytes: Int? { nil }

    public func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        try await radio.transmit(command)
    }
}
