#if FUZZING
    import PCSCTransport
    import TagCatalog
    import TagEmulator

    /// The emulated MIFARE Classic behind the vpcd storage-card bridge, on arbitrary PC/SC
    /// pseudo-APDUs (what a reader's firmware receives: FF 82 load key, FF 86 / FF 88
    /// authenticate, FF B0 read, FF D6 write, anything else). Input: byte 0 picks 1K or 4K and a
    /// factory or AN1304-formatted card, then APDUs as `[length][bytes…]`.
    ///
    /// Invariants: no trap; every answer ends in a status word; block 0 (the manufacturer block)
    /// never changes; every block keeps 16 bytes; a write lands only after an authentication.
    enum ClassicCardFuzz {
        static let target = FuzzTarget(name: "classiccard") { input in
            guard let selector = input.first else { return }
            var apdus: [[UInt8]] = []
            var index = 1
            while index < input.count, apdus.count < 64 {
                let length = Int(input[index])
                index += 1
                let end = min(input.count, index + length)
                apdus.append(Array(input[index..<end]))
                index = end
            }
            let commands = apdus
            runBlocking {
                let tag = EmulatedClassicTag(
                    model: selector & 1 == 0 ? .mifareClassic1K : .mifareClassic4K,
                    uid: [0x3A, 0x4B, 0x5C, 0x6D], formatted: selector & 2 != 0)
                let bridge = ClassicStorageCardBridge(card: tag)
                let blockZero = tag.blocks.first
                let count = tag.blocks.count
                var authenticated = false
                for apdu in commands {
                    let before = tag.blocks
                    let answer = await bridge.respond(to: apdu)
                    if answer.count < 2 { violated("an answer without a status word", input) }
                    if apdu.count >= 2, apdu[0] == 0xFF, apdu[1] == 0x86 || apdu[1] == 0x88,
                        answer.suffix(2) == [0x90, 0x00]
                    {
                        authenticated = true
                    }
                    if tag.blocks.first != blockZero { violated("block 0 changed", input) }
                    if tag.blocks.count != count || tag.blocks.contains(where: { $0.count != 16 }) {
                        violated("a block changed size", input)
                    }
                    if !authenticated, tag.blocks != before {
                        violated("a block changed without authentication", input)
                    }
                }
            }
        }
    }
#endif
