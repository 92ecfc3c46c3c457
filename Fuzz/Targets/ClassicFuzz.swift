#if FUZZING
    import MIFAREClassic

    /// MIFARE Classic's parsers on any bytes. Input: byte 0 picks the layout (Mini, 1K, 4K) in
    /// bits 0–1 and, in bit 2, whether sector 0's GPB and MAD1 CRC are forced valid so the area
    /// reader is reached; the rest is a card image, 16 bytes a block from block 0.
    ///
    /// Invariants: a trailer (and access bytes) that parses encodes back to its bytes; a MAD that
    /// parses rebuilds its blocks byte for byte; the NDEF area holds no more than its capacity; a
    /// message found in the area, formatted onto a factory card by the plan, reads back as itself.
    enum ClassicFuzz {
        static let target = FuzzTarget(name: "classic", maxLength: 1 + 256 * 16) { input in
            guard let selector = input.first else { return }
            let layout = ClassicLayout.allCases[Int(selector & 0x03) % 3]
            let body = Array(input.dropFirst())
            var image = stride(from: 0, to: body.count, by: 16).map { Array(body[$0..<min($0 + 16, body.count)]) }

            let first = Array(body.prefix(16))
            if case .success(let trailer) = SectorTrailer.parse(first), trailer.bytes != first {
                violated("a sector trailer does not encode back to its bytes", input)
            }
            let access = Array(body.prefix(3))
            if case .success(let bits) = AccessBits.parse(access), bits.bytes != access {
                violated("access bits do not encode back to their bytes", input)
            }

            if selector & 0x04 != 0, image.count > 3, image[1].count == 16, image[2].count == 16, image[3].count == 16 {
                image[3][9] = layout == .fourK ? 0xC2 : 0xC1
                image[1][0] = MADCRC.compute(Array((image[1] + image[2])[1...]))
                if layout == .fourK, image.count > 66, image[64...66].allSatisfy({ $0.count == 16 }) {
                    image[64][0] = MADCRC.compute(Array((image[64] + image[65] + image[66])[1...]))
                }
            }
            guard case .success(let mad) = MAD.read(image: image) else {
                _ = ClassicNDEFArea.read(image: image, layout: layout)
                return
            }
            if mad.mad1Blocks != [image[1], image[2]] { violated("MAD1 does not rebuild its blocks", input) }
            if let mad2 = mad.mad2Blocks, mad2 != Array(image[64...66]) {
                violated("MAD2 does not rebuild its blocks", input)
            }
            let area = ClassicNDEFArea.read(image: image, layout: layout, mad: mad)
            if area.bytes.count > area.capacity { violated("the NDEF area holds more than its capacity", input) }
            guard case .success = ClassicNDEFArea.read(image: image, layout: layout), let message = area.message,
                case .success(let plan) = ClassicFormatPlan.make(layout: layout, message: message)
            else { return }
            let factory = (0..<layout.blockCount).map { block in
                layout.isTrailer(block) ? SectorTrailer.transport.bytes : [UInt8](repeating: 0, count: 16)
            }
            guard case .success(let written) = ClassicNDEFArea.read(image: plan.applied(to: factory), layout: layout),
                written.message == message
            else { violated("a formatted card does not read back as the message", input) }
        }
    }
#endif
