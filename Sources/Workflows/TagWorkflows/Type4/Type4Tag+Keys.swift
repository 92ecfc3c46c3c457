import TagFrames
import Type4

extension Type4Tag {
    /// Changes NTAG 424 DNA application keys: `newKeys` maps key numbers (0…4) to 16-byte keys,
    /// `oldKeys` gives the current ones (the factory key for any number missing). Authenticates
    /// with key 0, then ChangeKey of keys 1–4 (New ⊕ Old ‖ version ‖ CRC32(New)), and key 0 last.
    ///
    /// A key counts as new only when the tag proved it: key 0 after authenticating with its new
    /// value, keys 1–4 after a ChangeKey the tag accepted (the tag checks CRC32(New) against what
    /// the XOR gives under the key it holds, so an accepted ChangeKey means the old key fitted and
    /// the new one is in place). Never by key version alone.
    ///
    /// A rerun finishes an earlier run: a key 0 that no longer takes its old value but takes its
    /// new one is already new; for keys 1–4 the tag refuses the old key's XOR (`91 1E`, nothing
    /// changes), and a ChangeKey under the new value as the old one (XOR zero) is accepted only
    /// when the new key is on the tag: already new, proven. When neither fits, the key is refused
    /// with the tag's answer (``NTAG424KeyChangeRefused``) and nothing after it is sent. A tear
    /// says which keys are new, which old and which one is uncertain
    /// (``NTAG424KeyChangeInterrupted``). Keys appear in no error, report or description.
    public func changeKeys(
        to newKeys: [Int: [UInt8]], replacing oldKeys: [Int: [UInt8]] = [:], version: UInt8 = 1,
        confirmation: NTAG424KeyChangeConfirmation?
    ) async throws -> NTAG424KeyChangeReport {
        beginOperation()
        let identification = try await identify()
        guard identification.model == .ntag424DNA else {
            throw NTAG424SetupRefusal.notNTAG424(model: identification.model)
        }
        guard !newKeys.isEmpty else { throw NTAG424SetupRefusal.noNewKeys }
        if let bad = (Array(newKeys.keys) + Array(oldKeys.keys)).first(where: { !(0...4).contains($0) }) {
            throw NTAG424SetupRefusal.noSuchKey(bad)
        }
        guard confirmation != nil else { throw NTAG424SetupRefusal.confirmationRequired }
        func old(_ number: Int) -> [UInt8] { oldKeys[number] ?? Type4Tag.factoryKey }
        try await selectApplication()
        var changed: [Int] = []
        var alreadyNew: [Int] = []
        var versions: [Int: UInt8] = [:]
        // Preflight: every key the change replaces is proven before the first ChangeKey, since a
        // ChangeKey of key N needs its old value: AuthenticateEV2First with key N's old value, or,
        // when the tag refuses it, with its new one (an earlier run changed it already). A key
        // that is neither is refused here, with nothing changed.
        var provenNew: Set<Int> = []
        for number in newKeys.keys.sorted() where number != 0 {
            guard let newKey = newKeys[number] else { continue }
            do {
                _ = try await authenticate(keyNumber: UInt8(number), key: old(number))
            } catch let refusal as Type4LockRefusal {
                guard case .keyRefused(_, let status, _) = refusal else { throw refusal }
                do {
                    guard newKey != old(number) else { throw refusal }
                    _ = try await authenticate(keyNumber: UInt8(number), key: newKey)
                    provenNew.insert(number)
                } catch is Type4LockRefusal {
                    throw NTAG424KeyChangeRefused(
                        key: number, status: status, changed: [], alreadyNew: provenNew.sorted(),
                        notSent: newKeys.keys.filter { $0 != number }.sorted())
                }
            }
        }
        // The value key 0 holds now: its old one, or (an earlier run changed it) its new one,
        // proven by authenticating with it.
        var keyZero = old(0)
        var session: NTAG424Session
        do {
            session = try await authenticate(keyNumber: 0, key: keyZero)
        } catch let refusal as Type4LockRefusal {
            guard case .keyRefused(0, _, _) = refusal, let newZero = newKeys[0], newZero != keyZero else {
                throw refusal
            }
            session = try await authenticate(keyNumber: 0, key: newZero)
            keyZero = newZero
            alreadyNew.append(0)
        }
        alreadyNew += provenNew.sorted()
        let order =
            newKeys.keys.filter { $0 != 0 && !provenNew.contains($0) }.sorted()
            + (newKeys[0] != nil && keyZero != newKeys[0] ? [0] : [])
        for number in order {
            guard let newKey = newKeys[number] else { continue }
            let remaining = order.filter { $0 != number && !changed.contains($0) && !alreadyNew.contains($0) }
            func interrupted(_ cause: Type4Failure) -> NTAG424KeyChangeInterrupted {
                NTAG424KeyChangeInterrupted(
                    changed: (changed + alreadyNew).sorted(), uncertain: number, unchanged: remaining, cause: cause)
            }
            if number == 0 {
                do throws(Type4Failure) {
                    _ = try await secureData(&session, mode: .full, answer: .plain) {
                        session throws(NTAG424SecureError) in
                        try session.changeKey(0, to: newKey, version: version)
                    }
                } catch {
                    throw interrupted(error)
                }
                // The session ended; key 0 is new once its new value authenticates.
                do {
                    session = try await authenticate(keyNumber: 0, key: newKey)
                } catch let failure as Type4Failure {
                    throw interrupted(failure)
                } catch {
                    throw NTAG424KeyChangeInterrupted(
                        changed: (changed + alreadyNew).sorted(), uncertain: 0, unchanged: [],
                        cause: .secure(.keyNotProven(keyNumber: 0)))
                }
                changed.append(0)
                keyZero = newKey
                versions[0] = version
                continue
            }
            do throws(Type4Failure) {
                _ = try await secureData(&session, mode: .full, answer: .mac) { session throws(NTAG424SecureError) in
                    try session.changeKey(UInt8(number), to: newKey, version: version, replacing: old(number))
                }
                changed.append(number)
            } catch .secure(.refused(_, let status)) where status == StatusWord(0x911E) {
                // The old key does not fit. The refusal ended the session; authenticate again and
                // offer the new key as the old one: the tag accepts only if it holds the new key.
                do {
                    session = try await authenticate(keyNumber: 0, key: keyZero)
                } catch let failure as Type4Failure {
                    throw interrupted(failure)
                }
                do throws(Type4Failure) {
                    _ = try await secureData(&session, mode: .full, answer: .mac) {
                        session throws(NTAG424SecureError) in
                        try session.changeKey(UInt8(number), to: newKey, version: version, replacing: newKey)
                    }
                    alreadyNew.append(number)
                } catch .secure(.refused(_, let again)) where again == StatusWord(0x911E) {
                    throw NTAG424KeyChangeRefused(
                        key: number, status: status, changed: changed.sorted(), alreadyNew: alreadyNew.sorted(),
                        notSent: remaining)
                } catch {
                    throw interrupted(error)
                }
            } catch {
                throw interrupted(error)
            }
            do throws(Type4Failure) {
                versions[number] = try await keyVersion(&session, number)
            } catch {
                // The ChangeKey was acknowledged (its MAC checked): the key is new, only the
                // version read after it was cut. Every key is known.
                throw NTAG424KeyChangeInterrupted(
                    changed: (changed + alreadyNew).sorted(), uncertain: nil, unchanged: remaining, cause: error)
            }
        }
        return NTAG424KeyChangeReport(uid: uid, changed: changed, alreadyNew: alreadyNew, keyVersions: versions)
    }

    /// GetKeyVersion of `number` in the session (MAC mode).
    func keyVersion(_ session: inout NTAG424Session, _ number: Int) async throws(Type4Failure) -> UInt8 {
        let data = try await secureData(&session, mode: .mac) { session throws(NTAG424SecureError) in
            try session.getKeyVersion(UInt8(number))
        }
        guard let version = data.first else { throw .secure(.wrongLength(what: "key version", bytes: 0, expected: 1)) }
        return version
    }
}
