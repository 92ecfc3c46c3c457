import Foundation
import Originality
import TestSupport
import Testing

/// Agreement with OpenSSL on secp128r1 and secp224r1, both ways: OpenSSL signs messages with no
/// digest and we verify (and reject corrupted copies OpenSSL also rejects); our scalar
/// multiplication derives the same public key as OpenSSL from the same private key.
@Suite struct OpenSSLAgreementTests {
    static let cases = 24

    struct KeyPair {
        var privateKey: [UInt8]
        var publicKey: [UInt8]
        var pem: URL
    }

    private func makeKey(_ curve: OriginalityCurve, in directory: URL, index: Int) throws -> KeyPair {
        let pem = directory.appendingPathComponent("\(curve.rawValue)-key\(index).pem")
        let generated = try OpenSSLPeer.run(["ecparam", "-name", curve.rawValue, "-genkey", "-noout", "-out", pem.path])
        try #require(generated.status == 0)
        // ECPrivateKey ::= SEQUENCE { version INTEGER, privateKey OCTET STRING, [0] params, [1] publicKey }
        let der = try OpenSSLPeer.run(["ec", "-in", pem.path, "-outform", "DER"]).output
        var outer = DERReader(bytes: der)
        let sequenceElement = outer.next()
        let sequence = try #require(sequenceElement)
        var inner = DERReader(bytes: sequence.contents)
        _ = inner.next()
        let privateKeyElement = inner.next()
        let privateKey = try #require(privateKeyElement).contents
        _ = inner.next()
        let publicKeyElement = inner.next()
        let publicKeyBits = try #require(publicKeyElement).contents  // [1] { BIT STRING 00 04 … }
        var bitString = DERReader(bytes: publicKeyBits)
        let pointElement = bitString.next()
        let point = Array(try #require(pointElement).contents.dropFirst())
        #expect(point.count == curve.publicKeyLength)
        return KeyPair(privateKey: privateKey, publicKey: point, pem: pem)
    }

    private func openSSLVerifies(_ key: KeyPair, message: [UInt8], signature: [UInt8], in directory: URL) throws -> Bool
    {
        let messageURL = directory.appendingPathComponent("verify-message.bin")
        let signatureURL = directory.appendingPathComponent("verify-signature.der")
        try Data(message).write(to: messageURL)
        try Data(Self.der(signature)).write(to: signatureURL)
        let result = try OpenSSLPeer.run([
            "pkeyutl", "-verify", "-inkey", key.pem.path, "-in", messageURL.path, "-sigfile", signatureURL.path,
        ])
        return result.status == 0
    }

    /// r ‖ s (two equal halves) as an ECDSA-Sig-Value SEQUENCE { INTEGER r, INTEGER s }.
    static func der(_ signature: [UInt8]) -> [UInt8] {
        func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var value = Array(bytes.drop(while: { $0 == 0 }))
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let half = signature.count / 2
        let body = integer(signature[0..<half]) + integer(signature[half..<2 * half])
        return [0x30, UInt8(body.count)] + body
    }

    private static func publicKey(_ curve: OriginalityCurve, privateKey: [UInt8]) -> [UInt8]? {
        switch curve {
        case .secp128r1: Secp128r1.publicKey(privateKey: privateKey)
        case .secp224r1: Secp224r1.publicKey(privateKey: privateKey)
        }
    }

    /// The message for case `index`: a 7-byte UID-like message, as NXP signs; on secp224r1 every
    /// third case is 40 bytes instead, so both sides must keep only its leftmost 224 bits.
    private static func message(_ curve: OriginalityCurve, index: Int, using generator: inout SplitMix64) -> [UInt8] {
        let length = curve == .secp224r1 && index % 3 == 2 ? 40 : 7
        return [0x04] + (1..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test(arguments: OriginalityCurve.allCases)
    func agreesWithOpenSSL(curve: OriginalityCurve) throws {
        guard OpenSSLPeer.path != nil else {
            if OpenSSLPeer.required {
                Issue.record("openssl is required (TAPCARD_REQUIRE_PEERS is set) but is not installed")
            } else {
                print(
                    "skipped: openssl is not installed; install it (scripts/install-test-deps.sh) to cross-check \(curve.rawValue)"
                )
            }
            return
        }
        let directory = try OpenSSLPeer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(seed: curve == .secp128r1 ? 0x5EC1_28A1 : 0x5EC2_24A1)
        let signatureLength = curve.signatureLength
        var agreedValid = 0
        var agreedInvalid = 0
        for index in 0..<Self.cases {
            let key = try makeKey(curve, in: directory, index: index)
            // Our arithmetic derives OpenSSL's public key from OpenSSL's private key.
            #expect(Self.publicKey(curve, privateKey: key.privateKey) == key.publicKey, "case \(index)")

            let message = Self.message(curve, index: index, using: &generator)
            let messageURL = directory.appendingPathComponent("message\(index).bin")
            try Data(message).write(to: messageURL)
            let signed = try OpenSSLPeer.run(["pkeyutl", "-sign", "-inkey", key.pem.path, "-in", messageURL.path])
            try #require(signed.status == 0)
            var reader = DERReader(bytes: signed.output)
            let sequence = reader.next()
            var parts = DERReader(bytes: try #require(sequence).contents)
            let rElement = parts.next()
            let sElement = parts.next()
            let r = DERReader.fixed(try #require(rElement).contents, count: signatureLength / 2)
            let s = DERReader.fixed(try #require(sElement).contents, count: signatureLength / 2)
            let signature = r + s

            // Genuine: both accept.
            let ours = curve.verify(message: message, signature: signature, publicKey: key.publicKey)
            let theirs = try openSSLVerifies(key, message: message, signature: signature, in: directory)
            #expect(ours && theirs, "case \(index): ours \(ours), OpenSSL \(theirs)")
            if ours && theirs { agreedValid += 1 }

            // Corrupted (one bit of the signed part of the message, or of r/s): both reject.
            var badMessage = message
            var badSignature = signature
            if index % 2 == 0 {
                badMessage[Int.random(in: 0..<7, using: &generator)] ^= 1 << UInt8(index % 8)
            } else {
                badSignature[Int.random(in: 0..<signatureLength, using: &generator)] ^= 1 << UInt8(index % 8)
            }
            let oursBad = curve.verify(message: badMessage, signature: badSignature, publicKey: key.publicKey)
            let theirsBad = try openSSLVerifies(key, message: badMessage, signature: badSignature, in: directory)
            #expect(oursBad == theirsBad, "case \(index) corrupted: ours \(oursBad), OpenSSL \(theirsBad)")
            #expect(!oursBad)
            if !oursBad && !theirsBad { agreedInvalid += 1 }

            // Past the leftmost 224 bits a long message is not signed: flipping there changes nothing.
            if message.count > 28 {
                var tail = message
                tail[39] ^= 0x01
                let oursTail = curve.verify(message: tail, signature: signature, publicKey: key.publicKey)
                let theirsTail = try openSSLVerifies(key, message: tail, signature: signature, in: directory)
                #expect(oursTail && theirsTail, "case \(index) tail: ours \(oursTail), OpenSSL \(theirsTail)")
            }
        }
        print(
            "\(curve.rawValue) agreement with OpenSSL: \(agreedValid) genuine and \(agreedInvalid) corrupted signatures of \(Self.cases) keys"
        )
        #expect(agreedValid == Self.cases)
        #expect(agreedInvalid == Self.cases)
    }
}
