import Ciphers
import TagCatalog
import TapCardSupport
import Testing
import Type2

/// MIFARE Ultralight C in the Type 2 mapping: the 3DES authentication against the MF0ICU2
/// datasheet's worked example (§7.5.6), the key's page layout (§7.5.7, tables 10 and 11), AUTH0 and
/// AUTH1 (§7.5.8, table 12), and the protection plans at every tear point.
@Suite(.enabled(if: TripleDES.isAvailable, "the platform's DES is not usable here"))
struct UltralightCTests {
    static func bytes(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }

    // MARK: - Authentication (MF0ICU2 Rev. 3.3 §7.5.6, the worked example)

    static let rndA = bytes("A8AF3B256C75ED40")
    static let challenge = bytes("AF 577293FD2F34CA51")

    @Test("the datasheet's worked authentication: our token and the tag's proof, byte for byte")
    func datasheetExample() throws {
        let authentication = try UltralightCAuthentication(key: .factory, rndA: Self.rndA)
        let token = try authentication.token(answering: Self.challenge)
        #expect(token.rndB == Self.bytes("51E764602678DF2B"))
        #expect(token.frame == Self.bytes("AF 0A638559FC7737F9 F15D7862EBBE967A"))
        #expect(token.chain == Self.bytes("F15D7862EBBE967A"))
        try authentication.verify(Self.bytes("00 3B884FA07C137CE1"), after: token)
        #expect(UltralightCAuthentication.command == [0x1A, 0x00])
    }

    @Test("a tag whose proof is off by one bit is not trusted")
    func wrongProof() throws {
        let authentication = try UltralightCAuthentication(key: .factory, rndA: Self.rndA)
        let token = try authentication.token(answering: Self.challenge)
        #expect(throws: UltralightCAuthError.tagProofMismatch) {
            try authentication.verify(Self.bytes("00 3B884FA07C137CE0"), after: token)
        }
        // The right proof under the wrong chaining value (the zero IV) is refused too.
        var unchained = token
        unchained.chain = [0, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: UltralightCAuthError.tagProofMismatch) {
            try authentication.verify(Self.bytes("00 3B884FA07C137CE1"), after: unchained)
        }
    }

    @Test("a NAK or a short answer is the tag's refusal, with the bytes")
    func refusals() throws {
        let authentication = try UltralightCAuthentication(key: .factory, rndA: Self.rndA)
        #expect(throws: UltralightCAuthError.unexpectedChallenge(answer: [0x00])) {
            try authentication.token(answering: [0x00])
        }
        #expect(throws: UltralightCAuthError.unexpectedChallenge(answer: Self.bytes("00 577293FD2F34CA51"))) {
            try authentication.token(answering: Self.bytes("00 577293FD2F34CA51"))
        }
        let token = try authentication.token(answering: Self.challenge)
        #expect(throws: UltralightCAuthError.keyRejected(answer: [0x00])) {
            try authentication.verify([0x00], after: token)
        }
        #expect(UltralightCAuthError.keyRejected(answer: [0x00]).origin == .tag)
        #expect(throws: UltralightCAuthError.randomLength(7)) {
            try UltralightCAuthentication(key: .factory, rndA: [1, 2, 3, 4, 5, 6, 7])
        }
    }

    @Test("another key deciphers a different RndB and the datasheet's proof fails")
    func otherKey() throws {
        let key = UltralightCKey(bytes: Array(0..<16))!
        let authentication = try UltralightCAuthentication(key: key, rndA: Self.rndA)
        let token = try authentication.token(answering: Self.challenge)
        #expect(token.rndB != Self.bytes("51E764602678DF2B"))
        #expect(throws: UltralightCAuthError.tagProofMismatch) {
            try authentication.verify(Self.bytes("00 3B884FA07C137CE1"), after: token)
        }
    }

    // MARK: - The key in pages 2Ch–2Fh

    @Test("table 11: Key1 0001020304050607h, Key2 08090A0B0C0D0E0Fh as stored")
    func keyPages() throws {
        let key = UltralightCKey(bytes: Array(0..<16))!
        #expect(
            key.storedPages == [
                [0x07, 0x06, 0x05, 0x04], [0x03, 0x02, 0x01, 0x00], [0x0F, 0x0E, 0x0D, 0x0C], [0x0B, 0x0A, 0x09, 0x08],
            ])
        #expect(UltralightCKey(storedPages: key.storedPages) == key)
        #expect(UltralightCKey(storedPages: [[1, 2, 3, 4]]) == nil)
    }

    @Test("the factory key reads BREAKMEIFYOUCAN! in its pages and is never printed")
    func factoryKey() throws {
        #expect(UltralightCKey.factory.storedPages.flatMap { $0 } == Array("BREAKMEIFYOUCAN!".utf8))
        #expect(UltralightCKey.factory.storedPages.flatMap { $0 } == Array(UltralightCFacts.factoryPages[8...]))
        let key = try UltralightCKey.parse("00112233 44556677 8899aabb ccddeeff")
        #expect(!key.description.contains("00112233") && !key.description.lowercased().contains("ccdd"))
        #expect(throws: PasswordInputError.wrongLength(.key, got: 4, expected: 16)) {
            try UltralightCKey.parse("1a2b3c4d")
        }
    }

    // MARK: - AUTH0 and AUTH1

    static func access(auth0: UInt8, auth1: UInt8) -> UltralightCAccess {
        UltralightCAccess(auth0Page: [auth0, 0, 0, 0], auth1Page: [auth1, 0, 0, 0])!
    }

    @Test("AUTH0 30h protects nothing; AUTH1 bit 0 set leaves reads free, clear guards them")
    func accessBits() {
        let off = Self.access(auth0: 0x30, auth1: 0x00)
        #expect(!off.isProtected && !off.writeNeedsAuthentication(page: 0x2F) && !off.readNeedsAuthentication(page: 4))
        let writes = Self.access(auth0: 0x04, auth1: 0x01)
        #expect(writes.protectedPages == 4...0x2F)
        #expect(writes.writeNeedsAuthentication(page: 4) && !writes.readNeedsAuthentication(page: 4))
        #expect(!writes.writeNeedsAuthentication(page: 3))
        // Bits 1–7 of AUTH1 are ignored: FEh is "reads guarded", like 00h.
        let both = Self.access(auth0: 0x10, auth1: 0xFE)
        #expect(both.readNeedsAuthentication(page: 0x10) && !both.readNeedsAuthentication(page: 0x0F))
        #expect(both.sentences.first?.contains("16–47") == true)
    }

    // MARK: - Plans

    @Test("protect writes AUTH1 first and AUTH0 last; AUTH0 must be 03h–2Fh")
    func protectOrder() throws {
        let plan = try UltralightCProtectPlan.protect(
            firstPage: 4, protectsReads: true, current: Self.access(auth0: 0x30, auth1: 0x01))
        #expect(plan.writes.map(\.page) == [0x2B, 0x2A])
        #expect(plan.writes.map(\.bytes) == [[0x00, 0, 0, 0], [0x04, 0, 0, 0]])
        #expect(plan.final.protectsReads && plan.final.protectedPages == 4...0x2F)
        #expect((0...2).map { plan.isProtected(afterLanded: $0) } == [false, false, true])
        let writesOnly = try UltralightCProtectPlan.protect(
            firstPage: 4, protectsReads: false, current: Self.access(auth0: 0x30, auth1: 0x00))
        #expect(writesOnly.writes.first?.bytes == [0x01, 0, 0, 0])
        #expect(throws: Type2ProtectError.firstPageOutOfRange(page: 2, lastPage: 0x2F)) {
            try UltralightCProtectPlan.protect(firstPage: 2, protectsReads: false, current: writesOnly.current)
        }
        #expect(throws: Type2ProtectError.firstPageOutOfRange(page: 0x30, lastPage: 0x2F)) {
            try UltralightCProtectPlan.protect(firstPage: 0x30, protectsReads: false, current: writesOnly.current)
        }
    }

    @Test("unprotect is one write of AUTH0 = 30h, none when nothing is guarded")
    func unprotect() {
        let plan = UltralightCProtectPlan.unprotect(current: Self.access(auth0: 0x04, auth1: 0x00))
        #expect(plan.writes.map(\.page) == [0x2A] && plan.writes[0].bytes == [0x30, 0, 0, 0])
        #expect(!plan.final.isProtected)
        #expect(UltralightCProtectPlan.unprotect(current: Self.access(auth0: 0x30, auth1: 0x00)).writes.isEmpty)
    }

    @Test("a key change on a protected tag: off, four key pages, on; no tear leaves it guarded by a mixed key")
    func changeKeyAtEveryTear() {
        let key = UltralightCKey(bytes: Array(0..<16))!
        let plan = UltralightCProtectPlan.changeKey(to: key, current: Self.access(auth0: 0x04, auth1: 0x00))
        #expect(plan.writes.map(\.page) == [0x2A, 0x2C, 0x2D, 0x2E, 0x2F, 0x2A])
        #expect(plan.writes.first?.bytes == [0x30, 0, 0, 0] && plan.writes.last?.bytes == [0x04, 0, 0, 0])
        for landed in 0...plan.writes.count {
            // A torn write may land or not: check the states either side of every write.
            let key = plan.key(afterLanded: landed)
            let guarded = plan.isProtected(afterLanded: landed)
            #expect(!(guarded && key == .mixed), "after \(landed) writes")
        }
        #expect(plan.key(afterLanded: 0) == .previous && plan.isProtected(afterLanded: 0))
        #expect(plan.key(afterLanded: 6) == .new && plan.isProtected(afterLanded: 6))
        let open = UltralightCProtectPlan.changeKey(to: key, current: Self.access(auth0: 0x30, auth1: 0x00))
        #expect(open.writes.map(\.page) == [0x2C, 0x2D, 0x2E, 0x2F])
    }
}
