import Ciphers

/// The AES contexts one thread verifies SUN URLs on, re-keyed for every URL rather than made:
/// with a key per tag (a master key, or a batch whose lines carry their keys) a URL then costs its
/// key schedules and its blocks, not a cipher context's allocation and set-up. A slot keeps its key
/// while the next URL needs the same one, so a batch under one key pair re-keys only the session.
/// The LRP key derivation (42 AES key schedules per key) is kept for the last meta and file keys.
///
/// Not `Sendable`: one workspace per thread. ``SUNVerifier/verify(url:)`` makes one per call.
public final class SUNWorkspace {
    public let backend: AESBackend
    /// Deciphers PICCData under the meta key.
    let meta: AESKeySlot
    /// The file key: the session keys' CMACs.
    let file: AESKeySlot
    /// The session key: the MAC, and the file data's IV.
    let session: AESKeySlot
    /// Deciphers the file data.
    private(set) lazy var data = AESKeySlot(backend: backend, direction: .decrypt)
    /// LRP's evaluations.
    private(set) lazy var lrpSlot = AESKeySlot(backend: backend, direction: .encrypt)
    private var lrpCache: [(key: [UInt8], lrp: LRP)] = []

    /// A workspace on `backend` (the platform's AES when it loads).
    public init(backend: AESBackend = .preferred) {
        meta = AESKeySlot(backend: backend, direction: .decrypt)
        self.backend = meta.backend
        file = AESKeySlot(backend: backend, direction: .encrypt)
        session = AESKeySlot(backend: backend, direction: .encrypt)
    }

    /// The LRP of `key` (16 bytes), from the two most recent keys or derived now.
    func lrp(_ key: [UInt8]) -> LRP {
        if let known = lrpCache.first(where: { $0.key == key }) { return known.lrp }
        let made: LRP
        do throws(CipherError) {
            made = try LRP(key: key, slot: lrpSlot)
        } catch {
            preconditionFailure("SUN keys are checked to be 16 bytes before LRP derives them: \(error.description)")
        }
        if lrpCache.count >= 2 { lrpCache.removeFirst() }
        lrpCache.append((key, made))
        return made
    }
}
