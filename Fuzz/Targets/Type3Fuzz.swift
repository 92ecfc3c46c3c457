#if FUZZING
    import TagFrames
    import Type3

    /// The Type 3 mapping's parsers and planners on any bytes: the first 16 are the attribute
    /// information block, the next 16 a FeliCa Lite-S MC block, the rest a message.
    ///
    /// Invariants: a block that parses encodes back to its 16 bytes; read plans stay within
    /// blocks 1 … Nmaxb in Checks of at most Nbr; a write plan, applied to a 14-block image, reads
    /// back as the message with WriteF 00; format and lock plans write 16-byte blocks and never
    /// the MC when it is read-only; the status check never accepts non-zero flags.
    enum Type3Fuzz {
        static let target = FuzzTarget(name: "type3") { input in
            let attributeBytes = Array(input.prefix(16))
            let mc = FeliCaLiteSMemoryConfiguration(Array(input.dropFirst(16).prefix(16)))
            let message = Array(input.dropFirst(32))
            checkStatus(input)
            checkConfiguration(mc, input)
            guard case .success(let attribute) = Type3AttributeBlock.parse(attributeBytes) else { return }
            if attribute.bytes != attributeBytes { violated("attribute block does not encode back", input) }
            if case .success(let plan) = Type3ReadPlan.make(attribute: attribute) {
                for check in plan.checks {
                    if check.isEmpty || check.count > attribute.blocksPerCheck { violated("check size", input) }
                    if check.contains(where: { $0 < 1 || $0 > attribute.maximumBlocks }) {
                        violated("check beyond Nmaxb", input)
                    }
                }
            }
            guard attribute.maximumBlocks <= 13,
                case .success(let plan) = Type3WritePlan.make(message: message, attribute: attribute)
            else { return }
            var image = [[UInt8]](repeating: [UInt8](repeating: 0, count: 16), count: 14)
            image[0] = attributeBytes
            for write in plan.writes {
                if write.bytes.count != 16 * write.blocks.count { violated("write size", input) }
                for (index, block) in write.blocks.enumerated() {
                    guard block >= 0, block < image.count else { violated("write beyond the chip", input) }
                    image[block] = Array(write.bytes[index * 16..<(index + 1) * 16])
                }
            }
            guard case .success(let written) = Type3AttributeBlock.parse(image[0]),
                !written.isWriteInProgress, written.length == message.count
            else { violated("the committed attribute block is wrong", input) }
            let data = image[1...].flatMap { $0 }
            if Array(data.prefix(message.count)) != message { violated("the message does not read back", input) }
        }

        static func checkConfiguration(_ mc: FeliCaLiteSMemoryConfiguration, _ input: [UInt8]) {
            if case .success(let plan) = Type3FormatPlan.make(memoryConfiguration: mc, zeroData: true) {
                if plan.writes.contains(where: { $0.bytes.count != 16 }) { violated("format block size", input) }
                if !mc.isMemoryConfigurationWritable && plan.writes.contains(where: { $0.block == 0x88 }) {
                    violated("format writes a read-only MC", input)
                }
            }
            let attribute = Type3AttributeBlock(blocksPerCheck: 4, blocksPerUpdate: 1, maximumBlocks: 13)
            if case .success(let plan) = Type3LockPlan.make(attribute: attribute, memoryConfiguration: mc) {
                if plan.writes.last?.isPermanent != true {
                    violated("lock's last step is not the permanent one", input)
                }
            }
        }

        static func checkStatus(_ input: [UInt8]) {
            let idm = Array(input.prefix(8))
            let command = FeliCaCommand(code: input.first ?? 0, idm: idm, parameters: [])
            let response = FeliCaResponse(code: command.code &+ 1, idm: idm, payload: Array(input.dropFirst(8)))
            if let data = try? Type3StatusError.check(response, command: command, blocks: []),
                response.payload.count < 2 || response.payload[0] != 0 || response.payload[1] != 0
            {
                violated("accepted status flags \(data.count)", input)
            }
        }
    }
#endif
