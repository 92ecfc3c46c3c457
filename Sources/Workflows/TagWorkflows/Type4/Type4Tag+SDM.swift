import SUN
import TagFrames
import Type4

extension Type4Tag {
    /// Sets an NTAG 424 DNA up for Secure Dynamic Messaging from `template`: authenticates with
    /// the NDEF file's change key (`key`, the factory key by default), then, each step skipped
    /// when already in place and each safe to repeat:
    /// 1. WriteData of the template's NDEF file: NLEN 00 00, the record, then NLEN, so a tear
    ///    leaves the old message, an empty one or the new one, never half a record;
    /// 2. ChangeFileSettings of file 2 to the template's settings (SDM on, the computed offsets);
    /// 3. for an LRP template (`SUNTemplate.lrp`, only with `lrp` confirmation), SetConfiguration
    ///    to LRP mode, last because it is permanent and the next AES authentication is refused.
    ///    A tag already in LRP mode refuses AES authentication (`Type4LockRefusal.lrpMode`).
    /// GetFileSettings is read back afterwards to verify. With `checkingTapWith` (the values of the
    /// template's meta and file keys), one URL is then read off the tag, as a phone reads it, and
    /// checked with `SUNVerifier`: the same code a backend runs, with the template when its
    /// names are not the standard ones. A tear says which step and what the tag holds
    /// (`NTAG424SDMSetupInterrupted`); the keys are never touched.
    public func setUpSDM(
        _ template: SUNTemplate, key: [UInt8] = Type4Tag.factoryKey,
        checkingTapWith keys: (meta: [UInt8], file: [UInt8])? = nil, lrp: LRPConfirmation? = nil
    ) async throws -> NTAG424SDMSetupReport {
        if template.lrp && lrp == nil { throw NTAG424SetupRefusal.lrpConfirmationRequired }
        beginOperation()
        let identification = try await identify()
        guard identification.model == .ntag424DNA else {
            throw NTAG424SetupRefusal.notNTAG424(model: identification.model)
        }
        try await selectApplication()
        let before = try await fileSettings(2)
        guard case .key(let changeKey) = before.accessRights.change else { throw NTAG424SetupRefusal.settingsFrozen }
        let expected = template.expectedFileSettings(size: before.size)
        guard template.fileBytes.count <= before.size else {
            throw SUNTemplateError.tooLong(bytes: template.fileBytes.count, capacity: before.size)
        }
        var session = try await authenticate(keyNumber: changeKey, key: key)
        let mode = NTAG424CommMode(fileOption: before.fileOption)
        var steps: [NTAG424SDMSetupReport.Step] = []
        // Authenticated reads see the static file (no mirroring), so this compares the template.
        let current = try await step(.ndefFile, done: []) { () async throws(Type4Failure) in
            try await secureData(&session, mode: mode) { session throws(NTAG424SecureError) in
                try session.readData(file: 2, offset: 0, length: template.fileBytes.count, mode: mode)
            }
        }
        if current != template.fileBytes {
            steps.append(.ndefFile)
            let body = Array(template.fileBytes[2...])
            for (offset, data) in [(0, [UInt8(0), 0]), (2, body), (0, Array(template.fileBytes[..<2]))] {
                try await step(.ndefFile, done: []) { () async throws(Type4Failure) in
                    _ = try await secureData(&session, mode: mode, answer: mode == .plain ? .plain : .mac) {
                        session throws(NTAG424SecureError) in
                        try session.writeData(file: 2, offset: offset, data: data, mode: mode)
                    }
                }
            }
        }
        if before.fileOption != expected.fileOption || before.accessRights != expected.accessRights
            || before.trailing != expected.trailing
        {
            steps.append(.fileSettings)
            try await step(.fileSettings, done: steps.filter { $0 != .fileSettings }) {
                () async throws(Type4Failure) in
                _ = try await secureData(&session, mode: .mac) { session throws(NTAG424SecureError) in
                    try session.changeFileSettings(file: 2, settings: template.changeFileSettingsData)
                }
            }
        }
        if template.lrp {
            steps.append(.lrpMode)
            try await step(.lrpMode, done: steps.filter { $0 != .lrpMode }) { () async throws(Type4Failure) in
                _ = try await secureData(&session, mode: .full, answer: .mac) { session throws(NTAG424SecureError) in
                    try session.enableLRP()
                }
            }
        }
        forgetSelection()
        try await selectApplication()
        let after = try await fileSettings(2)
        var tap = NTAG424SDMSetupReport.TapCheck.notChecked
        if let keys { tap = try await checkOneTap(template, metaKey: keys.meta, fileKey: keys.file) }
        return NTAG424SDMSetupReport(
            uid: uid, steps: steps, fileSettings: after, verified: after == expected, tap: tap)
    }

    /// Reads the NDEF message as a phone does (the tag mirrors a fresh URL) and verifies its first
    /// URI: without the template first (as a backend with the standard names would), then with it.
    func checkOneTap(_ template: SUNTemplate, metaKey: [UInt8], fileKey: [UInt8]) async throws
        -> NTAG424SDMSetupReport.TapCheck
    {
        forgetSelection()
        let read = try await self.read()
        var url: String?
        if case .message(let message, _) = read.content {
            url =
                message.records.lazy.compactMap { record -> String? in
                    switch record.view {
                    case .uri(let uri): uri.uri
                    case .smartPoster(let poster): poster.uri.uri
                    default: nil
                    }
                }.first
        }
        if template.isStatic { return .staticURL(url: url) }
        guard let url else {
            return .refused(url: nil, reason: nil, sentence: "The tag's NDEF message holds no URI record to verify.")
        }
        do throws(SUNError) {
            let plain = try SUNVerifier(metaKey: metaKey, fileKey: fileKey, macInputStart: template.macInputStart)
            let patterned = try SUNVerifier(
                metaKey: metaKey, fileKey: fileKey, pattern: template.pattern, macInputStart: template.macInputStart)
            if template.usesStandardNames, let result = try? plain.verify(url: url) {
                return .verified(url: url, counter: result.counter, needsTemplate: false)
            }
            let result = try patterned.verify(url: url)
            return .verified(url: url, counter: result.counter, needsTemplate: !template.usesStandardNames)
        } catch {
            return .refused(url: url, reason: error.reason, sentence: error.sentence)
        }
    }

    /// Runs one command of `step`, turning its failure into the interruption that names the step.
    @discardableResult
    func step<T>(
        _ step: NTAG424SDMSetupReport.Step, done: [NTAG424SDMSetupReport.Step],
        _ body: () async throws(Type4Failure) -> T
    ) async throws(NTAG424SDMSetupInterrupted) -> T {
        do throws(Type4Failure) {
            return try await body()
        } catch {
            throw NTAG424SDMSetupInterrupted(completed: done, failed: step, cause: error)
        }
    }

    /// One command of an authenticated session that answers data: wrapped, sent, unwrapped with
    /// `answer` (the command's `mode` by default).
    func secureData(
        _ session: inout NTAG424Session, mode: NTAG424CommMode, answer: NTAG424CommMode? = nil,
        _ make: (inout NTAG424Session) throws(NTAG424SecureError) -> CommandAPDU
    ) async throws(Type4Failure) -> [UInt8] {
        let command: CommandAPDU
        do {
            command = try make(&session)
        } catch {
            throw .secure(error)
        }
        let response = try await sendOrThrow(command)
        do {
            return try session.unwrap(response, mode: answer ?? mode)
        } catch {
            throw .secure(error)
        }
    }
}
