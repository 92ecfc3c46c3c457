import Type4

extension Type4Tag {
    /// GetFileSettings of files 1–3 (plain, no key needed) and, when `key` (key 0) is given, the
    /// key versions of keys 0–4 in an authenticated session. Changes nothing.
    public func ntag424Info(key: [UInt8]? = nil) async throws -> NTAG424InfoReport {
        beginOperation()
        let identification = try await identify()
        guard identification.model == .ntag424DNA else {
            throw NTAG424SetupRefusal.notNTAG424(model: identification.model)
        }
        try await selectApplication()
        var settings: [UInt8: NTAG424FileSettings] = [:]
        for file in UInt8(1)...3 { settings[file] = try await fileSettings(file) }
        var versions: [Int: UInt8]?
        if let key {
            var session = try await authenticate(keyNumber: 0, key: key)
            var read: [Int: UInt8] = [:]
            for number in 0...4 { read[number] = try await keyVersion(&session, number) }
            versions = read
        }
        return NTAG424InfoReport(uid: uid, fileSettings: settings, keyVersions: versions)
    }
}
