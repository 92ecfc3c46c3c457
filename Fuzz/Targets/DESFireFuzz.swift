#if FUZZING
    import TagFrames
    import Type4

    /// The DESFire parsers and builders (Type4, `NXP/DESFire`) on any bytes: the input is a
    /// GetVersion answer (whole, and split 7 + 7 + rest), a GetFreeMemory answer, a chain of
    /// GetApplicationIDs frames (each `<length> <status selector> <data>`), and the figures of a
    /// CreateApplication and a format plan.
    ///
    /// Invariants: a parsed GetVersion encodes back to its input, names a generation only for a
    /// DESFire and never for an NTAG DNA; free memory is within 3 bytes; the AIDs of a frame chain
    /// are its data, 3 bytes each; a built command re-parses to itself in short form; a format plan
    /// has exactly one commit (the NDEF file's creation) and its CC reads back with the asked size.
    enum DESFireFuzz {
        static let target = FuzzTarget(name: "desfire", maxLength: 512) { input in
            checkVersion(input)
            if case .success(let free) = DESFireAnswer.freeMemory(input), !(0...0xFF_FFFF).contains(free) {
                violated("free memory \(free) beyond 3 bytes", input)
            }
            checkApplicationIDs(input)
            checkBuilders(input)
        }

        static func checkVersion(_ input: [UInt8]) {
            if case .success(let version) = DESFireVersion.parse(input) {
                if version.bytes != input { violated("GetVersion does not encode back", input) }
                if (version.generation != nil) != version.product.isDESFire {
                    violated("generation \(String(describing: version.generation)) for \(version.product)", input)
                }
                if version.product == .ntagDNA && version.product.isDESFire {
                    violated("NTAG DNA taken for a DESFire", input)
                }
                let size = version.storageSize
                if let low = size.bytes, let high = size.upperBound, high != (size.isExact ? low : 2 * low) {
                    violated("storage size bounds \(low)…\(high)", input)
                }
                if size.description.isEmpty { violated("empty storage size description", input) }
            }
            let parts = [Array(input.prefix(7)), Array(input.dropFirst(7).prefix(7)), Array(input.dropFirst(14))]
            switch DESFireVersion.parse(parts: parts) {
            case .success(let version):
                if version.parts != parts { violated("GetVersion parts do not encode back", input) }
            case .failure(let error):
                if error.sentence.isEmpty { violated("empty GetVersion error sentence", input) }
            }
        }

        static func checkApplicationIDs(_ input: [UInt8]) {
            var frames: [ResponseAPDU] = []
            var index = 0
            while index + 2 <= input.count && frames.count < 8 {
                let length = Int(input[index])
                let selector = input[index + 1]
                let end = min(input.count, index + 2 + length)
                let status: StatusWord =
                    switch selector & 0x03 {
                    case 0: .nativeSuccess
                    case 1: .additionalFrame
                    case 2: .success
                    default: StatusWord(sw1: 0x91, sw2: selector)
                    }
                frames.append(ResponseAPDU(data: Array(input[(index + 2)..<end]), status: status))
                index = end
            }
            switch DESFireAnswer.applicationIDs(frames) {
            case .success(let aids):
                if aids.flatMap(\.wire) != frames.flatMap(\.data) { violated("AIDs are not the answer's data", input) }
                if aids.contains(where: { $0.value > 0xFF_FFFF }) { violated("AID beyond 24 bits", input) }
            case .failure(let error):
                if error.sentence.isEmpty { violated("empty GetApplicationIDs error sentence", input) }
            }
        }

        static func checkBuilders(_ input: [UInt8]) {
            guard input.count >= 4 else { return }
            let size = Int(input[0]) << 8 | Int(input[1])
            switch DESFireFormatPlan.make(ndefFileSize: size, aes: input[2] & 1 == 1) {
            case .success(let plan):
                if !DESFireNDEFApplication.ndefFileSizes.contains(size) {
                    violated("planned a size the CC cannot hold", input)
                }
                if plan.steps.filter({ $0.role == .commit }).map(\.purpose) != [.createNDEFFile] {
                    violated("the plan's commit is not the NDEF file's creation", input)
                }
                for command in plan.steps.compactMap(\.command)
                where command.isExtended
                    || CommandAPDU.parse(command.bytes) != .success(command)
                {
                    violated("plan command \(command) does not re-parse in short form", input)
                }
                guard let write = plan.steps.first(where: { $0.purpose == .writeCC })?.command,
                    case .success(let cc) = Type4CapabilityContainer.parse(Array(write.data.dropFirst(7))),
                    cc.ndefFile.maximumSize == size
                else { violated("the plan's CC does not read back with \(size) bytes", input) }
            case .failure(let error):
                if DESFireNDEFApplication.ndefFileSizes.contains(size) {
                    violated("refused size \(size): \(error)", input)
                }
            }
            let keys = Int(input[3])
            let name = Array(input.dropFirst(4).prefix(Int(input[2] >> 3)))
            let fileID: UInt16? = input[2] & 2 == 0 ? nil : 0xE110
            let aid = DESFireApplicationID(wire: input[0], input[1], input[2])
            switch DESFireCommand.createApplication(
                aid, keySettings: input[1], numberOfKeys: keys, aes: input[2] & 1 == 1, isoFileID: fileID, dfName: name)
            {
            case .success(let command):
                let expected = 5 + (fileID == nil ? 0 : 2) + name.count
                if command.data.count != expected || CommandAPDU.parse(command.bytes) != .success(command) {
                    violated("CreateApplication of \(command.data.count) bytes, expected \(expected)", input)
                }
                if !(1...14).contains(keys) || name.count > 16 || (fileID == nil && !name.isEmpty) {
                    violated("built a CreateApplication out of range", input)
                }
            case .failure(let error):
                if error.sentence.isEmpty { violated("empty CreateApplication error sentence", input) }
            }
        }
    }
#endif
