import Ciphers
import TapCardSupport

/// Per-tag SDM keys from one master key, prepared once per master key: everything that does not
/// depend on the UID (the meta-read key, the key-number key, the UID HMAC's key) is computed in
/// `init`, so a tag's file-read key costs one HMAC-SHA256 of the UID and one CMAC (sdm-backend's
/// scheme) or one CMAC (AN10922).
///
/// The verifier decrypts PICCData with ``metaKey`` first, then asks ``fileKey(uid:)`` for the key
/// behind the MAC and the file data: a backend keeps the master key alone, not a table of tags.
public struct SUNKeyDerivation: Sendable {
    public let scheme: SUNDiversification
    /// The key number the file-read key is derived for (sdm-backend's scheme; 2 by default).
    public let fileKeyNumber: Int
    /// The meta-read key number (1 in sdm-backend's layout): ``tagKey(number:uid:)`` gives it the
    /// undiversified meta key.
    public let metaKeyNumber: Int
    /// The bytes after the UID in AN10922's diversification input (an AID, a system identifier);
    /// empty by default.
    public let systemIdentifier: [UInt8]
    /// The SDM meta-read key: not diversified (see ``SUNDiversification``).
    public let metaKey: [UInt8]
    private let zero: Bool
    /// sdm-backend: `HMAC-SHA256(master, "DivBaseKey")` as an HMAC key (the UID's MAC).
    private let uidMAC: HMACSHA256?
    /// sdm-backend: the CMAC under each key number's slot key; AN10922: the CMAC under the master.
    private let numberMACs: [Int: AESCMAC]
    private let masterMAC: AESCMAC?
    /// sdm-backend: HMAC-SHA256 under the master key, for the key numbers made on demand.
    private let masterHMAC: HMACSHA256?
    /// 8 bytes that name this master key and its settings without revealing them: a counter
    /// ledger shared by several tenants keeps each one's counters apart by it.
    public let fingerprint: [UInt8]

    static let metaConstant = Array("PICCDataKey".utf8)
    static let slotConstant = Array("SlotMasterKey".utf8)
    static let baseConstant = Array("DivBaseKey".utf8)

    /// Prepares `masterKey` (16 bytes) for `scheme`. `metaKey` (AN10922 only) is the meta-read key
    /// when it is not the master key; `systemIdentifier` (AN10922 only, up to 24 bytes) follows
    /// the UID in the diversification input.
    public init(
        masterKey: [UInt8], scheme: SUNDiversification = .sdmBackend, fileKeyNumber: Int = 2, metaKeyNumber: Int = 1,
        metaKey: [UInt8]? = nil, systemIdentifier: [UInt8] = [], backend: AESBackend = .preferred
    ) throws(SUNError) {
        guard masterKey.count == 16 else { throw .keyLength(name: "master key", bytes: masterKey.count) }
        for (name, number) in [("file", fileKeyNumber), ("meta", metaKeyNumber)] where !(0...4).contains(number) {
            throw .derivation(reason: "the \(name) key number is \(number); NTAG 424 DNA keys are 0 to 4")
        }
        if let metaKey, metaKey.count != 16 { throw .keyLength(name: "meta key", bytes: metaKey.count) }
        switch scheme {
        case .sdmBackend:
            guard metaKey == nil else {
                throw .derivation(
                    reason:
                        "sdm-backend's scheme derives the meta key from the master key; a separate meta key is for an10922"
                )
            }
            guard systemIdentifier.isEmpty else {
                throw .derivation(reason: "a system identifier is part of AN10922's input, not sdm-backend's")
            }
        case .an10922:
            guard systemIdentifier.count <= 24 else {
                throw .derivation(
                    reason:
                        "the system identifier is \(systemIdentifier.count) bytes; AN10922's input is at most 31 bytes, 7 of them the UID"
                )
            }
        }
        self.scheme = scheme
        self.fileKeyNumber = fileKeyNumber
        self.metaKeyNumber = metaKeyNumber
        self.systemIdentifier = systemIdentifier
        let zero = masterKey.allSatisfy { $0 == 0 }
        self.zero = zero
        fingerprint = Array(
            HMACSHA256(key: masterKey, backend: backend).mac(
                Array("TapCard SUN counter scope".utf8) + Array(scheme.rawValue.utf8)
                    + [UInt8(fileKeyNumber), UInt8(metaKeyNumber)] + systemIdentifier + (metaKey ?? [])
            ).prefix(8))
        do throws(CipherError) {
            switch scheme {
            case .sdmBackend:
                let master = HMACSHA256(key: masterKey, backend: backend)
                self.metaKey = zero ? [UInt8](repeating: 0, count: 16) : Array(master.mac(Self.metaConstant).prefix(16))
                uidMAC = HMACSHA256(key: master.mac(Self.baseConstant), backend: backend)
                // Only the file key's number is needed per URL; the others (ntag424 keys) are
                // made when asked for.
                let slot = Array(master.mac(Self.slotConstant + [UInt8(fileKeyNumber)]).prefix(16))
                numberMACs = [fileKeyNumber: try AESCMAC(key: slot, backend: backend)]
                masterHMAC = master
                masterMAC = nil
            case .an10922:
                self.metaKey = metaKey ?? masterKey
                uidMAC = nil
                numberMACs = [:]
                masterHMAC = nil
                masterMAC = try AESCMAC(key: masterKey, backend: backend)
            }
        } catch {
            throw .keyLength(name: "master key", bytes: masterKey.count)
        }
    }

    /// The file-read key of the tag with `uid` (7 bytes).
    public func fileKey(uid: [UInt8]) -> [UInt8] {
        diversified(number: fileKeyNumber, uid: uid)
    }

    /// The key a tag with `uid` holds as key `number` (0–4) when it was set up from this master
    /// key: the meta key for ``metaKeyNumber``; for the others sdm-backend's diversified key of
    /// that number, or (AN10922) the diversified file-read key for ``fileKeyNumber`` and `nil` for
    /// the rest, which AN10922's input does not tell apart.
    public func tagKey(number: Int, uid: [UInt8]) -> [UInt8]? {
        if number == metaKeyNumber { return metaKey }
        switch scheme {
        case .sdmBackend: return diversified(number: number, uid: uid)
        case .an10922: return number == fileKeyNumber ? diversified(number: number, uid: uid) : nil
        }
    }

    private func diversified(number: Int, uid: [UInt8]) -> [UInt8] {
        switch scheme {
        case .sdmBackend:
            guard !zero, let uidMAC, let masterHMAC else { return [UInt8](repeating: 0, count: 16) }
            let input = [0x01] + uidMAC.mac(uid).prefix(16)
            if let slot = numberMACs[number] { return slot.mac(input) }
            let key = Array(masterHMAC.mac(Self.slotConstant + [UInt8(number)]).prefix(16))
            do throws(CipherError) {
                return try AESCMAC(key: key, backend: uidMAC.backend).mac(input)
            } catch {
                preconditionFailure("a 16-byte HMAC prefix is always an AES-128 key: \(error.description)")
            }
        case .an10922:
            // The master key was checked to be 16 bytes, so the CMAC exists.
            guard let masterMAC else { return [UInt8](repeating: 0, count: 16) }
            return masterMAC.diversify(uid + systemIdentifier)
        }
    }
}
