import TagFrames
import TagTransport

/// The `NFCTag.feliCa` card of a running phone session as a ``/TagTransport/FeliCaChannel``, so
/// TapCard's own Type 3 work runs on the phone: `sendFeliCaCommand(commandPacket:)`, with iOS adding
/// LEN and CRC, and Polling through `polling(systemCode:requestCode:timeSlot:)` (`NFCFeliCaTag.h`).
/// Valid only inside ``CoreNFCTagSessions/withConnection(_:_:)``.
///
/// ``idm`` is `currentIDm`, updated by every Polling. iOS has no PMm property (`NFCFeliCaTag.h`
/// declares only `currentSystemCode` and `currentIDm`): the session asks for it once, with a
/// Polling for the system code iOS selected, before handing the channel over; ``pmm`` is empty if
/// that Polling failed.
public final class PhoneFeliCaChannel: FeliCaChannel {
    private let radio: any FeliCaChannel

    /// How the card presented itself to iOS.
    public let technology: TagTechnology
    /// The system code iOS selected (the first Info.plist entry the card answered), upper byte first.
    public let systemCode: UInt16?

    init(technology: TagTechnology, systemCode: UInt16?, radio: any FeliCaChannel) {
        self.technology = technology
        self.systemCode = systemCode
        self.radio = radio
    }

    public var idm: [UInt8] { radio.idm }
    public var pmm: [UInt8] { radio.pmm }

    public func send(_ command: FeliCaCommand) async throws(ChannelError) -> FeliCaResponse {
        try await radio.send(command)
    }
}
