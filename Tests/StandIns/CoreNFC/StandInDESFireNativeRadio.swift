import TagFrames
import TagTransport

/// What `sendMiFareCommand` does for a DESFire-family tag: the app's bytes are a native DESFire
/// frame (command code, then its data), carried in an ISO 14443-4 I-block by iOS, and the answer
/// is native too (status byte, then data). The stand-in's chip takes APDUs only, so each frame is
/// passed in the ISO 7816-4 wrapping every DESFire EV1 and later accepts (CLA 90h, INS the
/// command, P1 P2 00, Lc and the data, Le 00) and the answer unwrapped: SW1 91h, SW2 the native
/// status (MF3D(H)x3 §10.2 "ISO/IEC 7816-4 APDU wrapping"; the same equivalence the driver's
/// `nativeFrames` relies on). An answer with another SW1 is an ISO-level refusal no native frame
/// gives; it is passed up as a channel error naming the status word.
final class StandInDESFireNativeRadio: NFCAChannel {
    let isoDep: any ISODepChannel

    init(isoDep: any ISODepChannel) { self.isoDep = isoDep }

    func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        guard let code = command.first else {
            throw .unsupported(command: .nfcA(0), reason: "an empty DESFire frame")
        }
        let apdu = CommandAPDU(cla: 0x90, ins: code, p1: 0x00, p2: 0x00, data: Array(command.dropFirst()), le: 256)
        let response = try await isoDep.transmit(apdu)
        guard response.status.sw1 == 0x91 else {
            throw .unsupported(
                command: .nfcA(code),
                reason: "the chip answered the wrapped frame with SW \(response.status), not 91xx")
        }
        return [response.status.sw2] + response.data
    }

    func reactivate() async throws(ChannelError) {}
}
