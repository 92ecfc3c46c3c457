#if FUZZING
    import TagCatalog
    import TapCardSupport
    import Type2

    /// MIFARE Ultralight AES in the Type 2 mapping on any bytes: the tag's two AUTHENTICATE answers
    /// (bytes 0–16 the challenge, 17–33 the proof), a key (bytes 34–49), CFG and ACCESS pages
    /// (bytes 50–57), a first page (the last byte), and the protection plans.
    ///
    /// Invariants: a token exists exactly for a 17-byte answer starting AFh and is `AF` and 32
    /// bytes; verify refuses any answer that is not `00` and 16 bytes; a key's stored pages are its
    /// bytes reversed; the decoded AUTH0 is CFG byte 3 and isProtected agrees with it; a protect
    /// plan either refuses (page out of range, CFGLCK) or ends at its page with CFG written last; no
    /// tear of a key change leaves a protected tag with a partly written key.
    enum UltralightAESFuzz {
        static let target = FuzzTarget(name: "ultralightaes", maxLength: 256) { input in
            func slice(_ range: Range<Int>) -> [UInt8] {
                Array(input[min(range.lowerBound, input.count)..<min(range.upperBound, input.count)])
            }
            let key =
                Type2AuthenticationKey(bytes: slice(34..<50))
                ?? Type2AuthenticationKey(bytes: [UInt8](repeating: 0, count: 16))!
            if UltralightAESAccess.storedPages(of: key).flatMap({ $0 }) != Array(key.bytes.reversed()) {
                violated("key pages are not the key reversed", input)
            }
            checkAuthentication(input, key: key, challenge: slice(0..<17), proof: slice(17..<34))
            let pages = slice(50..<58)
            if pages.count == 8,
                let access = UltralightAESAccess(
                    configurationPage: Array(pages[0..<4]), accessPage: Array(pages[4..<8]))
            {
                checkPlans(input, access: access, firstPage: Int(input.last ?? 0), key: key)
            }
        }

        static func checkAuthentication(
            _ input: [UInt8], key: Type2AuthenticationKey, challenge: [UInt8], proof: [UInt8]
        ) {
            guard let exchange = try? UltralightAESAuthentication(key: key, rndA: Array(0..<16)) else { return }
            let wellFormed = challenge.count == 17 && challenge[0] == 0xAF
            switch Result(catching: { () throws(UltralightAESAuthError) in try exchange.token(answering: challenge) })
            {
            case .success(let token):
                if !wellFormed { violated("a token for a malformed challenge", input) }
                if token.frame.count != 33 || token.frame[0] != 0xAF { violated("token frame malformed", input) }
                do {
                    try exchange.verify(proof)
                    if proof.count != 17 || proof[0] != 0x00 { violated("a malformed proof accepted", input) }
                } catch {
                    if error.sentence.isEmpty { violated("empty refusal sentence", input) }
                }
            case .failure(let error):
                if wellFormed, case .unexpectedChallenge = error { violated("a well-formed challenge refused", input) }
            }
        }

        static func checkPlans(
            _ input: [UInt8], access: UltralightAESAccess, firstPage: Int, key: Type2AuthenticationKey
        ) {
            if access.sentences.isEmpty { violated("no sentence", input) }
            if access.auth0 != Int(access.configurationPageBytes[3]) { violated("AUTH0 is not CFG byte 3", input) }
            if access.isProtected != (access.auth0 <= UltralightAESAccess.lastPage) {
                violated("isProtected disagrees with AUTH0", input)
            }
            do {
                let plan = try UltralightAESProtectPlan.protect(
                    firstPage: firstPage, protectsReads: input.count % 2 == 0, current: access)
                if plan.final.auth0 != firstPage { violated("protect does not end at its page", input) }
                if let last = plan.writes.last,
                    plan.writes.contains(where: { $0.page == UltralightAESAccess.configurationPage }),
                    last.page != UltralightAESAccess.configurationPage
                {
                    violated("CFG (AUTH0) is not written last", input)
                }
            } catch {
                if (3...UltralightAESAccess.lastPage).contains(firstPage), case .firstPageOutOfRange = error {
                    violated("a valid first page refused", input)
                }
                if case .configurationLocked = error, !access.configurationLocked {
                    violated("an unlocked configuration refused as locked", input)
                }
            }
            guard let change = try? UltralightAESProtectPlan.changeKey(to: key, current: access) else { return }
            for landed in 0...change.writes.count where change.isProtected(afterLanded: landed) {
                if change.keyPagesMixed(afterLanded: landed) { violated("guarded by a partly written key", input) }
            }
        }
    }
#endif
