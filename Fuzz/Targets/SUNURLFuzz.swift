#if FUZZING
    import SUN
    import TapCardSupport

    /// The SUN URL parser and verifier (`SUNVerifier`) on any text: the input, as UTF-8 (invalid
    /// sequences replaced), is the URL; it is verified under all-zero keys (AN12196's vectors)
    /// and under sdm-backend's custom S6 keys.
    ///
    /// Invariants: every refusal has a sentence and a reason of its origin (exit 1 reasons are
    /// refusals, malformed-url and key-length are input); no sentence holds the right MAC (it
    /// never reaches the error) or a key; an accepted message has a 7-byte UID, a 24-bit counter
    /// and whole AES blocks of file data, and is refused as a replay at its own counter, accepted
    /// after the one below it.
    enum SUNURLFuzz {
        static let keys: [(meta: [UInt8], file: [UInt8])] = [
            ([UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 16)),
            (
                [
                    0x42, 0xAF, 0xF1, 0x14, 0xF2, 0xCB, 0x3B, 0x61, 0x41, 0xBE, 0x6D, 0xC9, 0x5D, 0xFC, 0x54, 0x16,
                ],
                [
                    0xB6, 0x2A, 0x9B, 0xAF, 0x09, 0x24, 0x39, 0xBD, 0x43, 0xC6, 0x2A, 0xEE, 0x96, 0xB9, 0x70, 0xC5,
                ]
            ),
        ]

        /// A SUN URL lives in the NDEF file of an NTAG 424 DNA (256 bytes); 1 KB leaves room for
        /// backends' longer query strings.
        static let target = FuzzTarget(name: "sun", maxLength: 1024) { input in
            let url = String(decoding: input, as: UTF8.self)
            for key in keys {
                check(url, meta: key.meta, file: key.file, input: input)
            }
        }

        static func check(_ url: String, meta: [UInt8], file: [UInt8], input: [UInt8]) {
            let verification: SUNVerification
            do {
                verification = try SUNVerifier.verify(url: url, metaKey: meta, fileKey: file)
            } catch {
                checkRefusal(error, keys: [meta, file], input: input)
                return
            }
            if verification.uid.count != 7 { violated("accepted a \(verification.uid.count)-byte UID", input) }
            if !(0...0xFF_FFFF).contains(verification.counter) {
                violated("accepted counter \(verification.counter)", input)
            }
            if let data = verification.fileData, data.isEmpty || data.count % 16 != 0 {
                violated("file data of \(data.count) bytes", input)
            }
            // The replay rule on the verified message itself: `verify(url:…lastAcceptedCounter:)` is
            // `verify` then `checkCounter` (pinned by SUNVerifierTests), so verifying the URL twice
            // more, as this target once did, tripled the AES work of every accepted input.
            do {
                try SUNVerifier.checkCounter(verification, lastAccepted: verification.counter)
                violated("a replay at the same counter was accepted", input)
            } catch {
                if error.reason != .counterNotIncreasing { violated("a replay refused as \(error.reason)", input) }
            }
            if verification.counter > 0 {
                do {
                    try SUNVerifier.checkCounter(verification, lastAccepted: verification.counter - 1)
                } catch { violated("refused after the counter below: \(error.reason)", input) }
            }
        }

        static func checkRefusal(_ error: SUNError, keys: [[UInt8]], input: [UInt8]) {
            if error.sentence.isEmpty { violated("empty SUN error sentence", input) }
            let isInput = error.reason == .malformedURL || error.reason == .keyLength
            if isInput != (error.origin == .input) {
                violated("reason \(error.reason) has origin \(error.origin)", input)
            }
            if error.reason == .counterNotIncreasing { violated("a stateless verify refused a counter", input) }
            for key in keys {
                let hex = Hex.encode(key)
                if hex != String(repeating: "0", count: 32), error.sentence.lowercased().contains(hex) {
                    violated("a sentence holds a key", input)
                }
            }
        }
    }
#endif
