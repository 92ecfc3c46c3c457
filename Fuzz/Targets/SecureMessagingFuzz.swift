#if FUZZING
    import TagFrames
    import Type4

    /// NTAG 424 DNA secure messaging: `NTAG424Session.unwrap(_:mode:)` on any response bytes, in
    /// every communication mode, after a wrapped command. Byte 0 picks the session: AN12196's
    /// GetFileSettings MAC session (V-SM-1), its GetCardUID FULL session (V-SM-3), or (bit 1 set)
    /// one built from the next 36 bytes (TI ‖ SesAuthENCKey ‖ SesAuthMACKey); its high bits set
    /// the command counter. The rest is the response APDU.
    ///
    /// Invariants: the exchange is never left outstanding; a `91 00` answer counts exactly one
    /// exchange, any other answer none; plain mode gives the response data as it came; MAC and
    /// FULL give only what a verified MAC covered (MAC: at most the data less MACt; FULL: less than
    /// the ciphertext, the padding removed), and never succeed on fewer than 8 bytes.
    enum SecureMessagingFuzz {
        static func bytes(_ hex: String) -> [UInt8] {
            var out: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            return out
        }

        static let vectorSessions: [(ti: [UInt8], enc: [UInt8], mac: [UInt8])] = [
            (bytes("7A21085E"), [UInt8](repeating: 0, count: 16), bytes("8248134A386E86EB7FAF54A52E536CB6")),
            (bytes("DF055522"), bytes("2B4D963C014DC36F24F69A50A394F875"), bytes("379D32130CE61705DD5FD8C36B95D764")),
        ]

        /// A selector, 36 session bytes and one response APDU (at most 256 data bytes and the status
        /// word on an NTAG 424 DNA): 512 bytes hold every input this target can tell apart.
        static let target = FuzzTarget(name: "securemessaging", maxLength: 512) { input in
            guard let selector = input.first else { return }
            var rest = Array(input.dropFirst())
            let parts: (ti: [UInt8], enc: [UInt8], mac: [UInt8])
            if selector & 0x02 != 0 {
                guard rest.count >= 36 else { return }
                parts = (Array(rest[0..<4]), Array(rest[4..<20]), Array(rest[20..<36]))
                rest.removeFirst(36)
            } else {
                parts = vectorSessions[Int(selector & 0x01)]
            }
            // Counter 0 for the vectors' own answers; high bits give others, up to the last one.
            let counter: UInt16 = selector >> 2 == 0x3F ? 0xFFFE : UInt16(selector >> 2)
            guard
                let session = try? NTAG424Session(
                    keyNumber: 0, transactionIdentifier: parts.ti, commandCounter: counter, encryptionKey: parts.enc,
                    macKey: parts.mac)
            else { violated("a session from well-sized parts was refused", input) }
            guard case .success(let response) = ResponseAPDU.parse(rest) else { return }
            for mode in NTAG424CommMode.allCases {
                check(session, response: response, mode: mode, input: input)
            }
        }

        static func check(_ start: NTAG424Session, response: ResponseAPDU, mode: NTAG424CommMode, input: [UInt8]) {
            var session = start
            do {
                _ = try session.wrap(ins: 0xF5, header: [0x02], mode: mode)
            } catch { violated("wrapping a command failed: \(error)", input) }
            let before = session.commandCounter
            let outcome: Result<[UInt8], NTAG424SecureError>
            do {
                outcome = .success(try session.unwrap(response, mode: mode))
            } catch {
                outcome = .failure(error)
            }
            if session.pendingInstruction != nil { violated("the exchange is still outstanding", input) }
            let counted = response.status == .nativeSuccess
            if session.commandCounter != (counted ? before &+ 1 : before) {
                violated("counter \(before) → \(session.commandCounter) after status \(response.status)", input)
            }
            switch outcome {
            case .success(let data):
                if !counted { violated("unwrapped a response with status \(response.status)", input) }
                switch mode {
                case .plain:
                    if data != response.data { violated("plain mode changed the data", input) }
                case .mac:
                    if response.data.count < 8 || data != Array(response.data.dropLast(8)) {
                        violated("MAC mode gave more than the MACed data", input)
                    }
                case .full:
                    if response.data.count < 8 || data.count > max(0, response.data.count - 8) {
                        violated("FULL mode gave more than the ciphertext", input)
                    }
                    if response.data.count > 8 && data.count >= response.data.count - 8 {
                        violated("FULL mode kept the padding", input)
                    }
                }
            case .failure(let error):
                if error.sentence.isEmpty { violated("empty secure-messaging sentence", input) }
            }
        }
    }
#endif
