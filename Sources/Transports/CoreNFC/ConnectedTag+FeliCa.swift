#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation
    import TagCatalog
    import TagFrames
    import TagTransport

    extension ConnectedTag: FeliCaChannel {
        /// One FeliCa command to a `.feliCa` card (`NFCFeliCaTag.h`, iPhoneOS17.0.sdk):
        /// `sendFeliCaCommand(commandPacket:)` with the packet code ‖ IDm ‖ parameters — "Data
        /// length (LEN) byte and CRC bytes are calculated and inserted automatically" — and the
        /// response packet, without them, split into code, IDm and the rest. Polling (`00`: system
        /// code upper byte first, request code, time slot; no IDm) goes through
        /// `polling(systemCode:requestCode:timeSlot:)` instead, the call Apple documents for it,
        /// which updates `currentIDm`; its answer is rebuilt as the card sent it (`01` ‖ IDm ‖ PMm ‖
        /// request data). A system code missing from Info.plist is refused by iOS
        /// (`SecurityViolation`): ``/TagTransport/ChannelError/unsupported(command:reason:)``
        /// saying so. A Polling no card answers fails with `TagResponseError` (the code is
        /// UNVERIFIED, as the stand-in models it): ``/TagTransport/ChannelError/timeout(command:milliseconds:)``,
        /// the silence the Type 3 mapping reads as "no such system". Status flags are data; any other
        /// CoreNFC error is the carrier's.
        func send(_ command: FeliCaCommand) async throws(ChannelError) -> FeliCaResponse {
            let label = command.label
            let settle = SettleOnce<FeliCaResponse, ChannelError>("NFCFeliCaTag \(label)", defects: defects)
            if let ended = track(settle, failure: { Self.transportError($0, command: label) }) {
                throw Self.transportError(ended, command: label)
            }
            guard offersFeliCa else {
                throw .unsupported(command: label, reason: "the \(technology.displayName) tag takes no FeliCa commands")
            }
            if command.code == 0x00 {
                let p = command.parameters
                guard p.count == 4, let requestCode = NFCFeliCaPollingRequestCode(rawValue: Int(p[2])),
                    let timeSlot = NFCFeliCaPollingTimeSlot(rawValue: Int(p[3]))
                else {
                    throw .unsupported(
                        command: label, reason: "iOS polls with a system code, a request code 0–2 and a time slot")
                }
                poll(systemCode: Array(p[0..<2]), requestCode: requestCode, timeSlot: timeSlot, settle: settle)
            } else {
                let packet = Data([command.code] + command.idm + command.parameters)
                let failure = Self.feliCaFailure(command: label, isPolling: false)
                queue.async { [self] in
                    guard case .feliCa(let card) = tag else {
                        settle.settle(.failure(.noTag))
                        return
                    }
                    card.sendFeliCaCommand(commandPacket: packet) { data, error in
                        if let error {
                            settle.settle(.failure(failure(error)))
                            return
                        }
                        let bytes = [UInt8](data)
                        guard bytes.count >= 9 else {
                            settle.settle(
                                .failure(.malformedResponse(command: label, received: bytes.count, expected: 9)))
                            return
                        }
                        settle.settle(
                            .success(
                                FeliCaResponse(
                                    code: bytes[0], idm: Array(bytes[1..<9]), payload: Array(bytes.dropFirst(9)))))
                    }
                }
            }
            return try await settle.value()
        }

        private func poll(
            systemCode: [UInt8], requestCode: NFCFeliCaPollingRequestCode, timeSlot: NFCFeliCaPollingTimeSlot,
            settle: SettleOnce<FeliCaResponse, ChannelError>
        ) {
            let failure = Self.feliCaFailure(command: .felica(0x00), isPolling: true)
            queue.async { [self] in
                guard case .feliCa(let card) = tag else {
                    settle.settle(.failure(.noTag))
                    return
                }
                card.polling(systemCode: Data(systemCode), requestCode: requestCode, timeSlot: timeSlot) {
                    pmm, requestData, error in
                    if let error {
                        settle.settle(.failure(failure(error)))
                        return
                    }
                    // Completion handlers run on the session queue, where `card` may be read.
                    let idm: [UInt8]
                    if case .feliCa(let polled) = self.tag { idm = [UInt8](polled.currentIDm) } else { idm = [] }
                    self.noteFeliCa(idm: idm, pmm: [UInt8](pmm))
                    settle.settle(
                        .success(FeliCaResponse(code: 0x01, idm: idm, payload: [UInt8](pmm) + [UInt8](requestData))))
                }
            }
        }

        /// What a CoreNFC error on a FeliCa command means for TapCard.
        static func feliCaFailure(command: CommandLabel, isPolling: Bool) -> @Sendable (any Error) -> ChannelError {
            { error in
                let code = errorCode(error)
                if isPolling, code == CoreNFCErrorCode.securityViolation.rawValue {
                    return .unsupported(
                        command: command,
                        reason:
                            "iOS polls only the system codes listed in the app's Info.plist "
                            + "(com.apple.developer.nfc.readersession.felica.systemcodes)")
                }
                if isPolling, code == CoreNFCErrorCode.tagResponseError.rawValue {
                    // No card answered this system code (a blank Lite-S has no 12FC): silence, as the
                    // Type 3 driver expects it. iOS does not say how long it waited; the figure is
                    // the modeled Polling slot (Type3Timing), as the emulator reports silence.
                    let wait = Type3Timing.pollingResponseMicroseconds / 1000
                    return .timeout(command: command, milliseconds: max(1, Int(wait.rounded(.up))))
                }
                return transportError(NFCSessionError(code: code, during: .reading), command: command)
            }
        }

        /// The PMm, which iOS gives only with a Polling answer: one Polling for the system code iOS
        /// already selected (no request data, one time slot). Stays empty when that fails.
        func fetchPMm() async {
            guard let systemCode = feliCaSystemCode else { return }
            let polling = FeliCaCommand(
                code: 0x00, idm: [], parameters: [UInt8(systemCode >> 8), UInt8(systemCode & 0xFF), 0x00, 0x00])
            _ = try? await send(polling)
        }
    }
#endif
