import TagFrames
import Type4

extension Type4Tag {
    /// Changes NTAG 424 DNA application keys: `newKeys` maps key numbers (0…4) to 16-byte keys,
    /// `oldKeys` gives the current ones (the factory key for any number missing). Authenticates
    /// with key 0, then ChangeKey of keys 1–4 (New ⊕ Old ‖ version ‖ CRC32(New)), each checked by
    /// GetKeyVersion, and key 0 last: its ChangeKey ends the session, so it is checked by
    /// authenticating with the new key 0.
    ///
    /// A rerun is safe: for a key already changed the tag refuses the old key's XOR (`91 1E`,
    /// nothing changes) and the key version shows `version`, so it is counted as already new.
    /// A tear says which keys are new, which old and which one is uncertain
    /// (`NTAG424KeyChangeInterrupted`). Keys appear in no error, report or description.
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
        let order = newKeys.keys.filter { $0 != 0 }.sorted() + (newKeys[0] != nil ? [0] : [])
        try await selectApplication()
        var session = try await authenticate(keyNumber: 0, key: old(0))
        var changed: [Int] = []
        var alreadyNew: [Int] = []
        var versions: [Int: UInt8] = [:]
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
                changed.append(0)
                // The session ended; the new key 0 must authenticate.
                session = try await authenticate(keyNumber: 0, key: newKey)
                versions[0] = version
                continue
            }
            do throws(Type4Failure) {
                _ = try await secureData(&session, mode: .full, answer: .mac) { session throws(NTAG424SecureError) in
                    try session.changeKey(UInt8(number), to: newKey, version: version, replacing: old(number))
                }
                changed.append(number)
            } catch .secure(.refused(_, let status)) where status == StatusWord(0x911E) {
                // The old key does not fit: changed by an earlier run if the version says so.
                // The refusal ended the session; authenticate again.
                session = try await authenticate(keyNumber: 0, key: old(0))
                let current = try await keyVersion(&session, number)
                guard current == version else {
                    throw NTAG424KeyChangeInterrupted(
                        changed: (changed + alreadyNew).sorted(), uncertain: number, unchanged: remaining,
                        cause: .secure(.refused(ins: NTAG424Instruction.changeKey.rawValue, status: status)))
                }
                alreadyNew.append(number)
            } catch {
                throw interrupted(error)
            }
            do throws(Type4Failure) {
                versions[number] = try await keyVersion(&session, number)
            } catch {
                throw interrupted(error)
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
