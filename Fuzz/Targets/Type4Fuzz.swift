#if FUZZING
    import TagFrames
    import Type4

    /// The Type 4 mapping's parsers and planners on any bytes: the input is a CC file, and what
    /// follows the CC is the NDEF file's length field; the same bytes are also fed to the NTAG 424
    /// DNA parsers (GetFileSettings, GetVersion split 7 + 7 + rest, access rights).
    ///
    /// Invariants: a CC read from all of its CCLEN bytes without TLV problems encodes back to them;
    /// chunks are never 0; an accepted NLEN fits the file and its reads cover it exactly; a write
    /// plan, applied to a file, reads back as the message, with every APDU short, re-parsing to
    /// itself and no offset past 0x7FFF; the NTAG 424 parsers re-encode what they read.
    enum Type4Fuzz {
        static let carrierLimits: [Int?] = [nil, 0, 7, 64, 261]

        static let target = FuzzTarget(name: "type4") { input in
            checkCapabilityContainer(input)
            checkNTAG424(input)
        }

        static func checkCapabilityContainer(_ input: [UInt8]) {
            let cc: Type4CapabilityContainer
            switch Type4CapabilityContainer.parse(input) {
            case .failure(let error):
                if error.sentence.isEmpty { violated("empty CC error sentence", input) }
                return
            case .success(let parsed): cc = parsed
            }
            let tlvProblem = cc.problems.contains {
                switch $0 {
                case .unknownTLV, .tlvBeyondLength: true
                default: false
                }
            }
            if cc.unreadBytes == 0 && !tlvProblem && cc.bytes != Array(input.prefix(cc.length)) {
                violated("CC does not encode back to its \(cc.length) bytes", input)
            }
            guard case .success(let again) = Type4CapabilityContainer.parse(cc.bytes),
                again.ndefFile == cc.ndefFile, again.proprietaryFiles == cc.proprietaryFiles
            else { violated("the re-encoded CC does not parse to the same files", input) }
            for limit in carrierLimits {
                let chunking = Type4Chunking(cc: cc, carrierLimit: limit)
                if chunking.readChunk < 1 || chunking.writeChunk < 1 || chunking.readChunk > 256
                    || chunking.writeChunk > 255
                {
                    violated("chunking \(chunking) out of 1…256 / 1…255", input)
                }
            }
            let tail = Array(input.dropFirst(cc.bytes.count))
            checkLength(tail, cc: cc, input: input)
            checkWrite(size: Int(tail.first ?? 0) * 7, cc: cc, input: input)
            if cc.maximumMessageBytes < 4096 {
                checkWrite(size: cc.maximumMessageBytes, cc: cc, input: input)
                checkWrite(size: cc.maximumMessageBytes + 1, cc: cc, input: input)
            }
        }

        static func checkLength(_ tail: [UInt8], cc: Type4CapabilityContainer, input: [UInt8]) {
            guard case .success(let length) = Type4NDEFFile.parseLength(tail, cc: cc) else { return }
            if length > cc.maximumMessageBytes { violated("NLEN \(length) accepted past the file", input) }
            guard case .success(let plan) = Type4ReadPlan.make(cc: cc, carrierLimit: 64) else { return }
            guard case .success(let reads) = plan.messageReads(length: min(length, 0x10000)) else { return }
            var next = cc.lengthFieldBytes
            for read in reads {
                if read.offset != next || read.length < 1 || read.length > plan.chunking.readChunk {
                    violated("read \(read) does not continue at \(next)", input)
                }
                next += read.length
            }
            if next != cc.lengthFieldBytes + min(length, 0x10000) { violated("reads do not cover NLEN", input) }
        }

        static func checkWrite(size: Int, cc: Type4CapabilityContainer, input: [UInt8]) {
            let message = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
            switch Type4WritePlan.make(message: message, cc: cc, carrierLimit: 64) {
            case .failure(.tooBig):
                if size <= cc.maximumMessageBytes { violated("refused \(size) bytes as too big", input) }
            case .failure(.notWritable):
                if cc.ndefFile.writeAccess.isFree { violated("refused a free write access", input) }
            case .failure(.chunkSmallerThanLength(let chunk, _)):
                if chunk >= cc.lengthFieldBytes { violated("refused a \(chunk)-byte chunk", input) }
            case .failure(let error):
                if error.sentence.isEmpty { violated("empty plan error sentence", input) }
            case .success(let plan):
                if size > cc.maximumMessageBytes || !cc.ndefFile.writeAccess.isFree {
                    violated("planned a write the CC forbids", input)
                }
                var file = [UInt8](repeating: 0xEE, count: cc.lengthFieldBytes + size)
                for write in plan.writes {
                    let apdu = write.apdu
                    if write.offset > 0x7FFF || apdu.isExtended || write.bytes.count > plan.chunking.writeChunk
                        || apdu.bytes.count > 64
                    {
                        violated("write at \(write.offset) of \(write.bytes.count) bytes breaks the limits", input)
                    }
                    if CommandAPDU.parse(apdu.bytes) != .success(apdu) {
                        violated("UPDATE BINARY does not re-parse", input)
                    }
                    guard write.offset + write.bytes.count <= file.count else {
                        violated("write past the message's end", input)
                    }
                    file.replaceSubrange(write.offset..<write.offset + write.bytes.count, with: write.bytes)
                }
                if plan.writes.count > 1
                    && (plan.writes.first?.role != .clearLength || plan.writes.last?.role != .commit)
                {
                    violated("a chunked write does not clear NLEN first and commit last", input)
                }
                guard case .success(let length) = Type4NDEFFile.parseLength(file, cc: cc), length == size,
                    Array(file[cc.lengthFieldBytes...]) == message
                else { violated("the written file does not read back the \(size)-byte message", input) }
            }
        }

        static func checkNTAG424(_ input: [UInt8]) {
            if case .success(let settings) = NTAG424FileSettings.parse(input), settings.bytes != input {
                violated("file settings do not encode back", input)
            }
            let parts = [Array(input.prefix(7)), Array(input.dropFirst(7).prefix(7)), Array(input.dropFirst(14))]
            if case .success(let version) = NTAG424Version.parse(parts: parts), version.parts != parts {
                violated("GetVersion does not encode back", input)
            }
            if input.count >= 2 {
                let rights = NTAG424AccessRights(low: input[0], high: input[1])
                if rights.bytes != Array(input.prefix(2)) { violated("access rights do not encode back", input) }
            }
            if let first = input.first, Type4Access(byte: first).byte != first {
                violated("access byte does not encode back", input)
            }
            if case .success(let response) = ResponseAPDU.parse(input) {
                for command in [Type4Command.selectNDEFApplication(), NTAG424Command.getVersion] {
                    do {
                        _ = try Type4StatusError.check(response, command: command, file: nil)
                    } catch {
                        if error.sentence.isEmpty { violated("empty status sentence", input) }
                    }
                }
            }
        }
    }
#endif
