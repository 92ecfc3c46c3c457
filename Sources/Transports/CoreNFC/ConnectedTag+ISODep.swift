#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation
    import TagFrames
    import TagTransport

    extension ConnectedTag: ISODepChannel {
        /// One APDU through `sendCommand(apdu:)` for an `.iso7816` tag, or `sendMiFareISO7816Command`
        /// for a DESFire- or Plus-family `.miFare` tag (type4-type5-ntag424.md §4.1). iOS does the
        /// ISO-DEP framing (chaining, WTX) and hands back whole response data and SW1 SW2 ("Command
        /// processing status bytes (SW1-SW2) are always valid", `NFCISO7816Tag.h`): the status word
        /// is data. A CoreNFC error is the carrier's, mapped as on the NFC-A path: 100 is
        /// ``/TagTransport/ChannelError/tagLost(command:)`` naming the APDU, other codes
        /// ``/TagTransport/ChannelError/reader(code:message:)``. A SELECT by DF name that iOS refused
        /// with `SecurityViolation` (2) — an AID missing from Info.plist's select-identifiers — is
        /// ``/TagTransport/ChannelError/unsupported(command:reason:)`` saying so.
        func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
            let label = command.label
            let settle = SettleOnce<ResponseAPDU, ChannelError>("sendCommand(apdu:)", defects: defects)
            if let ended = track(settle, failure: { Self.transportError($0, command: label) }) {
                throw Self.transportError(ended, command: label)
            }
            let isSelectByName = command.ins == 0xA4 && command.p1 == 0x04
            let handler: @Sendable (Data, UInt8, UInt8, (any Error)?) -> Void = { data, sw1, sw2, error in
                guard let error else {
                    settle.settle(.success(ResponseAPDU(data: [UInt8](data), status: StatusWord(sw1: sw1, sw2: sw2))))
                    return
                }
                let code = Self.errorCode(error)
                if isSelectByName, code == CoreNFCErrorCode.securityViolation.rawValue {
                    settle.settle(
                        .failure(
                            .unsupported(
                                command: label,
                                reason:
                                    "iOS selects only the AIDs listed in the app's Info.plist "
                                    + "(com.apple.developer.nfc.readersession.iso7816.select-identifiers)")))
                    return
                }
                settle.settle(
                    .failure(Self.transportError(NFCSessionError(code: code, during: .reading), command: label)))
            }
            queue.async { [self] in
                let apdu = NFCISO7816APDU(
                    instructionClass: command.cla, instructionCode: command.ins, p1Parameter: command.p1,
                    p2Parameter: command.p2, data: Data(command.data), expectedResponseLength: command.le ?? -1)
                if case .iso7816(let isoDep) = tag {
                    isoDep.sendCommand(apdu: apdu, completionHandler: handler)
                } else if case .miFare(let mifare) = tag, offersISODep {
                    mifare.sendMiFareISO7816Command(apdu, completionHandler: handler)
                } else {
                    settle.settle(
                        .failure(
                            .unsupported(
                                command: label, reason: "the \(technology.displayName) tag takes no ISO 7816 APDUs")))
                }
            }
            return try await settle.value()
        }
    }
#endif
