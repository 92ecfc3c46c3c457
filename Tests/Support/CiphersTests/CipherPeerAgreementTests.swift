import Ciphers
import TestSupport
import Testing

/// Agreement: our AES-128 ECB/CBC and AES-CMAC equal OpenSSL's and Python `cryptography`'s on
/// random keys, IVs and messages from a seeded generator (seed in the test, so any failure can be
/// replayed).
@Suite struct CipherPeerAgreementTests {
    struct Case {
        let key: [UInt8]
        let iv: [UInt8]
        let message: [UInt8]
        /// The message cut to whole blocks, for ECB and CBC (which take no padding).
        var blocks: [UInt8] { Array(message.prefix(message.count / 16 * 16)) }
    }

    static func cases(seed: UInt64, count: Int) -> [Case] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            // Lengths 0…80 cover the empty message, whole blocks and every partial last block.
            let length = Int.random(in: 0...80, using: &random)
            return Case(key: random.bytes(16), iv: random.bytes(16), message: random.bytes(length))
        }
    }

    /// True when the peer should be run; records a failure when it is missing but required.
    static func peer(_ available: Bool, _ name: String) -> Bool {
        if !available && CipherPeers.peersRequired {
            Issue.record("\(name) is required here (TAPCARD_REQUIRE_PEERS is set); run scripts/install-test-deps.sh")
        }
        return available
    }

    @Test(
        "300 random cases: ECB, CBC (both ways) and CMAC equal Python cryptography's",
        .enabled(
            if: CipherPeers.cryptographyAvailable || CipherPeers.peersRequired,
            "python3 with cryptography not found (pip install cryptography); skipped"))
    func agreesWithPythonCryptography() throws {
        guard Self.peer(CipherPeers.cryptographyAvailable, "python3 with cryptography") else { return }
        let cases = Self.cases(seed: 0x7A9_C0DE, count: 300)
        let script = """
            import sys
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
            from cryptography.hazmat.primitives.cmac import CMAC
            for line in sys.stdin:
                k, iv, m = (bytes.fromhex(x) for x in line.strip().split(','))
                b = m[:len(m) // 16 * 16]
                ecb = Cipher(algorithms.AES(k), modes.ECB()).encryptor()
                cbc = Cipher(algorithms.AES(k), modes.CBC(iv)).encryptor()
                mac = CMAC(algorithms.AES(k))
                mac.update(m)
                print((ecb.update(b) + ecb.finalize()).hex(), (cbc.update(b) + cbc.finalize()).hex(), mac.finalize().hex())
            """
        let input = cases.map { "\(hex($0.key)),\(hex($0.iv)),\(hex($0.message))\n" }.joined()
        let lines = try CipherPeers.run(["python3", "-c", script], input: input)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count)
        for (item, line) in zip(cases, lines) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map { hex(String($0)) }
            let cipher = try AES128(key: item.key)
            #expect(try cipher.encryptECB(item.blocks) == fields[0], "ECB key \(hex(item.key))")
            #expect(try cipher.decryptECB(fields[0]) == item.blocks)
            #expect(try cipher.encryptCBC(item.blocks, iv: item.iv) == fields[1], "CBC key \(hex(item.key))")
            #expect(try cipher.decryptCBC(fields[1], iv: item.iv) == item.blocks)
            #expect(try AESCMAC(key: item.key).mac(item.message) == fields[2], "CMAC of \(hex(item.message))")
        }
    }

    @Test(
        "200 random cases: CBC (both ways) and CMAC equal the openssl command's",
        .enabled(
            if: CipherPeers.openSSLAvailable || CipherPeers.peersRequired,
            "openssl 3.x not found (apt-get install openssl); skipped"))
    func agreesWithOpenSSL() throws {
        guard Self.peer(CipherPeers.openSSLAvailable, "openssl 3.x") else { return }
        let cases = Self.cases(seed: 0x055_1DEA, count: 200)
        // One shell runs every case: bytes in through printf's \x escapes, out through od.
        let script = #"""
            tohex() { od -An -v -tx1 | tr -d ' \n'; }
            while IFS=, read -r k iv m b; do
                bin=$(printf %s "$b" | sed 's/../\\x&/g')
                cbc=$(printf "$bin" | openssl enc -aes-128-cbc -K "$k" -iv "$iv" -nopad | tohex)
                mbin=$(printf %s "$m" | sed 's/../\\x&/g')
                mac=$(printf "$mbin" | openssl mac -cipher AES-128-CBC -macopt "hexkey:$k" CMAC)
                echo "$cbc $mac"
            done
            """#
        let input = cases.map { "\(hex($0.key)),\(hex($0.iv)),\(hex($0.message)),\(hex($0.blocks))\n" }.joined()
        let lines = try CipherPeers.run(["bash", "-c", script], input: input)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count)
        for (item, line) in zip(cases, lines) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map { hex(String($0)) }
            let cipher = try AES128(key: item.key)
            #expect(try cipher.encryptCBC(item.blocks, iv: item.iv) == fields[0], "CBC key \(hex(item.key))")
            #expect(try cipher.decryptCBC(fields[0], iv: item.iv) == item.blocks)
            #expect(try AESCMAC(key: item.key).mac(item.message) == fields[1], "CMAC of \(hex(item.message))")
        }
    }
}
