import TagEmulator
import TagFrames
import TagTransport

/// An emulated Type 5 tag behind a carrier like a PC/SC Part 3 reader: GET SYSTEM INFO, LOCK
/// BLOCK, GET MULTIPLE BLOCK SECURITY STATUS and custom commands throw `.unsupported` (as
/// `PCSCISO15693Channel` does), everything else reaches the tag. `uid` may be overridden to a UID
/// no catalog model has (the tag is still addressed by its own).
final class RestrictedType5Channel: ISO15693Channel {
    let tag: EmulatedType5Tag
    let uid: [UInt8]
    /// Instead of `.unsupported`, answer GET SYSTEM INFO with this ISO 15693 error code.
    let systemInfoError: UInt8?

    init(_ tag: EmulatedType5Tag, uid: [UInt8]? = nil, systemInfoError: UInt8? = nil) {
        self.tag = tag
        self.uid = uid ?? tag.uid
        self.systemInfoError = systemInfoError
    }

    func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        if request.command == 0x2B, let code = systemInfoError {
            return ISO15693Response(flags: 0x01, payload: [code])
        }
        if systemInfoError == nil, [0x2B, 0x22, 0x32, 0x2C, 0x3C].contains(request.command) || request.isCustom {
            throw .unsupported(command: request.label, reason: "a test carrier without \(request.label)")
        }
        return try await tag.send(request)
    }
}
