#if FUZZING
    import TagCatalog
    import TapCardSupport
    import Type2

    /// MIFARE Ultralight C in the Type 2 mapping on any bytes: the tag's two AUTHENTICATE answers
    /// (bytes 0–8 the challenge, 9–17 the proof), a key (bytes 18–33), AUTH0/AUTH1 pages (bytes
    /// 34–41), the key as hex text (the whole input as UTF-8) and the protection plans.
    ///
    /// Invariants: a token exists exactly for a 9-byte answer starting AFh, and is `AF` and 16 bytes
    /// whose last 8 are its chain; verify refuses any answer that is not `00` and 8 bytes; a key's
    /// stored pages decode back to it; AUTH0 from the pages is what decodes; a protect plan either
    /// refuses the page or ends at it, AUTH0 last; no tear of a key change leaves a protected tag
    /// with a mixed key.
    enum UltralightCFuzz {
        static let target = FuzzTarget(name: "ultralightc", maxLength: 256) { input in
            func slice(_ range: Range<Int>) -> [UInt8] {
                Array(input[min(range.lowerBound, input.count)..<min(range.upperBound, input.count)])
            }
            let key = UltralightCKey(bytes: slice(18..<34)) ?? .factory
            if UltralightCKey(storedPages: key.storedPages) != key { violated("key pages do not decode back", input) }
            if key.description.lowercased().contains(Hex.encode(Array(key.bytes.prefix(4)))) {
                violated("a key's description shows its bytes", input)
            }
            checkAuthentication(input, key: key, challenge: slice(0..<9), proof: slice(9..<18))
            if let text = String(validating: input, as: UTF8.self), let parsed = try? UltralightCKey.parse(text),
                parsed.bytes.count != 16
            {
                violated("a parsed key is not 16 bytes", input)
            }
            let pages = slice(34..<42)
            if pages.count == 8,
                let access = UltralightCAccess(auth0Page: Array(pages[0..<4]), auth1Page: Array(pages[4..<8]))
            {
                checkPlans(input, access: access, firstPage: Int(input.last ?? 0), key: key)
            }
        }

        static func checkAuthentication(_ input: [UInt8], key: UltralightCKey, challenge: [UInt8], proof: [UInt8]) {
            guard let exchange = try? UltralightCAuthentication(key: key, rndA: [1, 2, 3, 4, 5, 6, 7, 8]) else {
                return
            }
            let wellFormed = challenge.count == 9 && challenge[0] == 0xAF
            switch Result(catching: { () throws(UltralightCAuthError) in try exchange.token(answering: challenge) }) {
            case .success(let token):
                if !wellFormed { violated("a token for a malformed challenge", input) }
                if token.frame.count != 17 || token.frame[0] != 0xAF || token.chain != Array(token.frame[9...]) {
                    violated("token frame or chain malformed", input)
                }
                do {
                    try exchange.verify(proof, after: token)
                    if proof.count != 9 || proof[0] != 0x00 { violated("a malformed proof accepted", input) }
                } catch {
                    if error.sentence.isEmpty { violated("empty refusal sentence", input) }
                }
            case .failure(let error):
                if wellFormed, case .unexpectedChallenge = error { violated("a well-formed challenge refused", input) }
            }
        }

        static func checkPlans(_ input: [UInt8], access: UltralightCAccess, firstPage: Int, key: UltralightCKey) {
            _ = access.sentences
            if access.isProtected != (access.auth0 <= UltralightCAccess.lastPage) {
                violated("isProtected disagrees with AUTH0", input)
            }
            if let plan = try? UltralightCProtectPlan.protect(
                firstPage: firstPage, protectsReads: input.count % 2 == 0, current: access)
            {
                if plan.final.auth0 != firstPage { violated("protect does not end at its page", input) }
                if let last = plan.writes.last, plan.writes.contains(where: { $0.page == UltralightCAccess.auth0Page }),
                    last.page != UltralightCAccess.auth0Page
                {
                    violated("AUTH0 is not written last", input)
                }
            } else if (3...UltralightCAccess.lastPage).contains(firstPage) {
                violated("a valid first page refused", input)
            }
            let change = UltralightCProtectPlan.changeKey(to: key, current: access)
            for landed in 0...change.writes.count where change.isProtected(afterLanded: landed) {
                if change.key(afterLanded: landed) == .mixed { violated("guarded by a mixed key", input) }
            }
        }
    }
#endif
