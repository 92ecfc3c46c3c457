#if FUZZING
    import PCSCTransport
    import TagCatalog
    import TagEmulator
    import TagTransport
    import TagWorkflows
    import Type4

    /// PC/SC responses as a reader (or a card pretending to be one) returns them, and APDUs as
    /// vpcd hands them to our virtual card. Input: a scenario byte, then frames `[length][bytes…]`
    /// used as the reader's answers in order (or, for the bridge, as incoming APDUs).
    ///
    /// Scenarios: 0 storage-card transport (READ, FAST_READ, GET_VERSION, WRITE, UID through a
    /// scripted reader: a successful READ answers 16 bytes); 1 Type 4 NDEF read (the message
    /// returned is never longer than the answers that carried it); 2 the ATR parser and the vpcd
    /// frame codec; 3 the storage-card bridge answering APDUs for an emulated NTAG213 (every answer
    /// ends in a status word).
    enum PCSCFuzz {
        /// A reader that answers from a script, then reports the card gone.
        final class ScriptedChannel: APDUChannel {
            var answers: [[UInt8]]
            init(_ answers: [[UInt8]]) { self.answers = answers }
            func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8] {
                guard !answers.isEmpty else { throw .cardRemoved(reader: "fuzz") }
                return answers.removeFirst()
            }
            func reset() async throws(PCSCError) {}
        }

        static func frames(_ input: ArraySlice<UInt8>) -> [[UInt8]] {
            var frames: [[UInt8]] = []
            var index = input.startIndex
            while index < input.endIndex, frames.count < 64 {
                let length = Int(input[index])
                index += 1
                let end = min(input.endIndex, index + length)
                frames.append(Array(input[index..<end]))
                index = end
            }
            return frames
        }

        static let target = FuzzTarget(name: "pcsc") { input in
            guard let scenario = input.first else { return }
            let answers = frames(input.dropFirst())
            let answerBytes = answers.reduce(0) { $0 + $1.count }
            switch scenario % 4 {
            case 0:
                runBlocking {
                    let transport = StorageCardTransport(channel: ScriptedChannel(answers), readerName: "fuzz")
                    _ = try? await transport.uid()
                    let commands: [[UInt8]] = [
                        [0x30, 0x04], [0x3A, 0x04, 0x0B], [0x60], [0xA2, 0x05, 1, 2, 3, 4], [0x30, 0xFF], [0x3C, 0x00],
                    ]
                    for command in commands {
                        guard let reply = try? await transport.transceive(command) else { continue }
                        if command.first == 0x30, reply.count != 16 {
                            violated("READ through PC/SC answered \(reply.count) bytes", input)
                        }
                    }
                }
            case 1:
                runBlocking {
                    // The Type 4 driver over an ISO-DEP card whose answers are the fuzzer's.
                    let tag = Type4Tag(channel: ISODepCard(channel: ScriptedChannel(answers)))
                    if let report = try? await tag.read(), let snapshot = report.snapshot,
                        snapshot.message.count > answerBytes
                    {
                        violated(
                            "Type 4 message of \(snapshot.message.count) bytes from \(answerBytes) answer bytes", input)
                    }
                }
            case 2:
                let bytes = Array(input.dropFirst())
                _ = CardKind(atr: bytes).summary
                _ = Type4CapabilityContainer.parse(bytes)
                let frame = VPCDFrame(payload: bytes)
                if let encoded = VPCDFrame.encode(bytes) {
                    if VPCDFrame(payload: Array(encoded.dropFirst(2))) != frame {
                        violated("vpcd frame encode → decode", input)
                    }
                }
            default:
                runBlocking {
                    let tag = EmulatedTag(model: .ntag213, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
                    let bridge = StorageCardBridge(tag: tag, totalPages: tag.model.type2Layout?.totalPages)
                    for apdu in answers {
                        let answer = await bridge.respond(to: apdu)
                        if answer.count < 2 { violated("bridge answer without a status word", input) }
                    }
                }
            }
        }
    }
#endif
