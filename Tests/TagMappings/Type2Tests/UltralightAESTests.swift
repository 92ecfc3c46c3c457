import Ciphers
import Foundation
import TagCatalog
import TapCardSupport
import TestSupport
import Testing
import Type2

/// MIFARE Ultralight AES in the Type 2 mapping: the AES authentication against Python's
/// `cryptography` (no NXP worked example is at hand), the DataProtKey's reversed page layout
/// (the Flipper QA plan's hardware-checked example), CFG/ACCESS decoding, and the protection
/// plans at every tear point.
@Suite struct UltralightAESTests {
    static func bytes(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }

    /// The key the Flipper QA plan authenticates with when pages 30h–33h read A0A1A2A3 … ACADAEAF.
    static let key = Type2AuthenticationKey(bytes: bytes("AFAEADACABAAA9A8A7A6A5A4A3A2A1A0"))!
    static let rndA: [UInt8] = Array(0x10..<0x20)
    static let rndB: [UInt8] = Array(0xB0..<0xC0)

    // MARK: - Authentication

    @Test(
        "a fixed exchange: our token and the tag's proof equal Python cryptography's AES-128-CBC (zero IV, per message)"
    )
    func fixedVector() throws {
        // E(RndB), E(RndA ‖ RndB'), E(RndA') computed with Python `cryptography` 48.0.0
        // (`Cipher(algorithms.AES(k), modes.CBC(bytes(16)))`), once, for this test.
        let authentication = try UltralightAESAuthentication(key: Self.key, rndA: Self.rndA)
        #expect(authentication.command == [0x1A, 0x00])
        let token = try authentication.token(answering: [0xAF] + Self.bytes("9c263e2e926d72c3f1822a0fc16a37b7"))
        #expect(token.rndB == Self.rndB)
        #expect(
            token.frame
                == [0xAF] + Self.bytes("59f7372c36cb8cd51e4b6e3a484e0c51c7962aac768c509dc90d9e0e8d9c286c"))
        try authentication.verify([0x00] + Self.bytes("c225ab4839ef1c7c759b20dacf41a5f2"))
    }

    static let oracle = """
        import sys
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        def e(k, d):
            x = Cipher(algorithms.AES(k), modes.CBC(bytes(16))).encryptor(); return x.update(d) + x.finalize()
        rot = lambda b: b[1:] + b[:1]
        for line in sys.stdin:
            k, ra, rb = (bytes.fromhex(x) for x in line.split())
            print(e(k, rb).hex(), e(k, ra + rot(rb)).hex(), e(k, rot(ra)).hex())
        """

    static let pythonAvailable: Bool = {
        (try? PeerProcess.output(["python3", "-c", "import cryptography.hazmat.primitives.ciphers"])) != nil
    }()

    @Test(
        "50 random exchanges agree with Python cryptography playing the tag",
        .enabled(
            if: pythonAvailable || PeerProcess.peersRequired,
            "python3 with cryptography not found (pip install cryptography); skipped"))
    func agreesWithPython() throws {
        guard Self.pythonAvailable else {
            Issue.record("python3 with cryptography is required (TAPCARD_REQUIRE_PEERS is set)")
            return
        }
        var random = SplitMix64(seed: 0xAE5_20)
        let cases = (0..<50).map { _ in (random.bytes(16), random.bytes(16), random.bytes(16)) }
        let input = cases.map { "\(Hex.encode($0.0)) \(Hex.encode($0.1)) \(Hex.encode($0.2))\n" }.joined()
        let lines = try PeerProcess.output(["python3", "-c", Self.oracle], input: input).split(separator: "\n")
        try #require(lines.count == cases.count)
        for ((key, rndA, rndB), line) in zip(cases, lines) {
            let fields = try line.split(separator: " ").map { try Hex.decode($0) }
            let authentication = try UltralightAESAuthentication(
                key: try #require(Type2AuthenticationKey(bytes: key)), rndA: rndA)
            let token = try authentication.token(answering: [0xAF] + fields[0])
            #expect(token.rndB == rndB)
            #expect(token.frame == [0xAF] + fields[1])
            try authentication.verify([0x00] + fields[2])
        }
    }

    @Test("refusals: a NAK, a short answer, a proof off by one bit, a short RndA")
    func refusals() throws {
        let authentication = try UltralightAESAuthentication(key: Self.key, rndA: Self.rndA)
        #expect(throws: UltralightAESAuthError.unexpectedChallenge(answer: [0x00])) {
            try authentication.token(answering: [0x00])
        }
        #expect(throws: UltralightAESAuthError.keyRejected(answer: [0x00])) { try authentication.verify([0x00]) }
        #expect(throws: UltralightAESAuthError.tagProofMismatch) {
            try authentication.verify([0x00] + Self.bytes("c225ab4839ef1c7c759b20dacf41a5f3"))
        }
        #expect(throws: UltralightAESAuthError.randomLength(8)) {
            try UltralightAESAuthentication(key: Self.key, rndA: Array(Self.rndA.prefix(8)))
        }
        #expect(UltralightAESAuthError.keyRejected(answer: [0]).origin == .tag)
        #expect(UltralightAESAuthError.secureMessagingActive(configuration: [2, 0, 0, 0x3C]).origin == .refusal)
        let sentence = UltralightAESAuthError.secureMessagingActive(configuration: [2, 0, 0, 0x3C]).sentence
        #expect(sentence.contains("byte 0 bit 1") && sentence.contains("SEC_MSG_ACT") && sentence.contains("0200003c"))
    }

    // MARK: - Key pages and configuration

    @Test("the DataProtKey is stored reversed: pages A0A1A2A3 … ACADAEAF hold key AFAE…A1A0")
    func keyByteOrder() {
        #expect(
            UltralightAESAccess.storedPages(of: Self.key) == [
                Self.bytes("A0A1A2A3"), Self.bytes("A4A5A6A7"), Self.bytes("A8A9AAAB"), Self.bytes("ACADAEAF"),
            ])
        #expect(UltralightAESAccess.keyPages == 0x30...0x33)
    }

    @Test("CFG and ACCESS as shipped: nothing guarded; then AUTH0, PROT, RID, SEC_MSG and CFGLCK decoded")
    func accessDecoding() throws {
        let factory = try #require(
            UltralightAESAccess(configurationPage: Self.bytes("0000003C"), accessPage: Self.bytes("8C050000")))
        #expect(factory.auth0 == 0x3C && factory.protectedPages == nil && !factory.isProtected)
        #expect(factory.protectsReads && factory.counterReadOpen && factory.counterIncrementOpen)
        #expect(!factory.randomID && !factory.secureMessaging && !factory.configurationLocked)
        #expect(factory.virtualCardTypeID == 0x05 && factory.authenticationLimit == 0)
        #expect(factory.sentences == ["AUTH0 60: no page needs the AES key (the chip's last page is 59)."])
        let guarded = try #require(
            UltralightAESAccess(configurationPage: Self.bytes("03000010"), accessPage: Self.bytes("40050000")))
        #expect(guarded.protectedPages == 0x10...0x3B && !guarded.protectsReads)
        #expect(guarded.randomID && guarded.secureMessaging && guarded.configurationLocked)
        #expect(guarded.sentences.count == 4)
        #expect(guarded.sentences[2].contains("page 41 byte 0 bit 1"))
        let state = guarded.keyAccess
        #expect(state.cipher == .aes128 && state.auth0 == 0x10 && state.keyPages == 0x30...0x33)
        #expect(state.configurationPages.map(\.page) == [0x29, 0x2A])
        #expect(state.name(ofPage: 0x29) == "CFG (AUTH0)" && state.name(ofPage: 0x31) == "key")
        #expect(UltralightAESAccess(configurationPage: [0, 0, 0], accessPage: [0, 0, 0, 0]) == nil)
    }

    @Test("the key access from memory read from page 0: each chip's pages, nil when they were not read")
    func decodeFromMemory() {
        var memory = [UInt8](repeating: 0, count: 0x3C * 4)
        memory.replaceSubrange(0x29 * 4..<0x2B * 4, with: Self.bytes("01000010" + "8C050000"))
        let aes = KeyAccessState.decode(model: .ultralightAES, memory: memory)
        #expect(aes?.auth0 == 0x10 && aes?.cipher == .aes128 && aes?.protectsReads == true)
        #expect(aes?.sentences.contains { $0.contains("Random ID is on") } == true)
        #expect(KeyAccessState.decode(model: .ultralightAES, memory: Array(memory.prefix(0x2A * 4))) == nil)
        var ulc = [UInt8](repeating: 0, count: 0x2C * 4)
        ulc.replaceSubrange(0x2A * 4..<0x2C * 4, with: Self.bytes("06000000" + "01000000"))
        let c = KeyAccessState.decode(model: .ultralightC, memory: ulc)
        #expect(c?.auth0 == 6 && c?.cipher == .tripleDES && c?.protectsReads == false)
        #expect(KeyAccessState.decode(model: .ntag213, memory: memory) == nil)
    }

    // MARK: - Plans

    static let open = UltralightAESAccess(configurationPage: bytes("0000003C"), accessPage: bytes("8C050000"))!

    @Test("protect: ACCESS (PROT) first, CFG (AUTH0) last; a tear before the last write leaves the tag unprotected")
    func protectOrder() throws {
        let plan = try UltralightAESProtectPlan.protect(firstPage: 0x10, protectsReads: false, current: Self.open)
        #expect(plan.writes.map(\.page) == [0x2A, 0x29])
        #expect(plan.writes.map(\.bytes) == [Self.bytes("0C050000"), Self.bytes("00000010")])
        #expect((0...2).map(plan.isProtected(afterLanded:)) == [false, false, true])
        #expect(plan.finalState.auth0 == 0x10 && !plan.finalState.protectsReads)
        // PROT already set: only the switch.
        let reads = try UltralightAESProtectPlan.protect(firstPage: 4, protectsReads: true, current: Self.open)
        #expect(reads.writes.map(\.page) == [0x29])
        #expect(throws: Type2ProtectError.firstPageOutOfRange(page: 0x3C, lastPage: 0x3B)) {
            try UltralightAESProtectPlan.protect(firstPage: 0x3C, protectsReads: true, current: Self.open)
        }
        let locked = UltralightAESAccess(configurationPage: Self.bytes("0000003C"), accessPage: Self.bytes("CC050000"))!
        #expect(throws: Type2ProtectError.configurationLocked(auth0: 0x3C)) {
            try UltralightAESProtectPlan.protect(firstPage: 4, protectsReads: true, current: locked)
        }
    }

    @Test("unprotect: AUTH0 3Ch alone, keeping the rest of CFG; nothing to do on an open tag")
    func unprotect() throws {
        let guarded = UltralightAESAccess(
            configurationPage: Self.bytes("01000004"), accessPage: Self.bytes("8C050000"))!
        let plan = try UltralightAESProtectPlan.unprotect(current: guarded)
        #expect(plan.writes.map(\.page) == [0x29] && plan.writes[0].bytes == Self.bytes("0100003C"))
        #expect((0...1).map(plan.isProtected(afterLanded:)) == [true, false])
        #expect(try UltralightAESProtectPlan.unprotect(current: Self.open).writes.isEmpty)
    }

    @Test("key change on a protected tag: AUTH0 off, the four key pages, AUTH0 back; never guarded by a partial key")
    func keyChange() throws {
        let guarded = UltralightAESAccess(
            configurationPage: Self.bytes("00000004"), accessPage: Self.bytes("8C050000"))!
        let plan = try UltralightAESProtectPlan.changeKey(to: Self.key, current: guarded)
        #expect(plan.writes.map(\.page) == [0x29, 0x30, 0x31, 0x32, 0x33, 0x29])
        #expect(plan.writes[0].bytes == Self.bytes("0000003C") && plan.writes[5].bytes == Self.bytes("00000004"))
        #expect(plan.writes[1].bytes == Self.bytes("A0A1A2A3"))
        for landed in 0...plan.writes.count where plan.keyPagesMixed(afterLanded: landed) {
            #expect(!plan.isProtected(afterLanded: landed), "after \(landed) writes")
        }
        #expect(plan.finalState == guarded.keyAccess)
        let open = try UltralightAESProtectPlan.changeKey(to: Self.key, current: Self.open)
        #expect(open.writes.map(\.page) == [0x30, 0x31, 0x32, 0x33])
    }
}
