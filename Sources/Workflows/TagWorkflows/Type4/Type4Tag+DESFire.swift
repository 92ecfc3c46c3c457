import TagFrames
import Type4

extension Type4Tag {
    /// Sends a native DESFire command and gathers its answer frames (`91 AF` → `90 AF` until `91 00`,
    /// at most `limit` frames). The frames are returned as answered, for ``/Type4/DESFireAnswer``
    /// to check; only the carrier's failure throws.
    func nativeFrames(_ command: CommandAPDU, limit: Int = 32) async throws(Type4Failure) -> [ResponseAPDU] {
        var frames: [ResponseAPDU] = []
        var next = command
        while frames.count < limit {
            let response = try await sendOrThrow(next)
            frames.append(response)
            guard response.status == .additionalFrame else { break }
            next = NTAG424Command.additionalFrame
        }
        return frames
    }

    /// Sends a native command that answers in one frame and returns its data, or the tag's refusal
    /// (``/Type4/Type4StatusError/nativeRefused(command:fileNumber:status:)``).
    @discardableResult
    func native(_ command: CommandAPDU, fileNumber: UInt8? = nil) async throws(Type4Failure) -> [UInt8] {
        let response = try await sendOrThrow(command)
        guard response.status == .nativeSuccess else {
            throw .refused(.nativeRefused(command: command.label, fileNumber: fileNumber, status: response.status))
        }
        return response.data
    }

    /// The PICC level's applications and free memory. Selects the PICC level natively, so the
    /// ISO selection is forgotten.
    func desfireCardInfo() async throws(Type4Failure) -> DESFireCardInfo {
        forgetSelection()
        try await native(DESFireCommand.selectApplication(.picc))
        var info = DESFireCardInfo(applications: nil, freeMemory: nil)
        let frames = try await nativeFrames(DESFireCommand.getApplicationIDs)
        switch DESFireAnswer.applicationIDs(frames) {
        case .success(let applications): info.applications = applications
        case .failure: info.applicationsRefused = frames.last?.status
        }
        let memory = try await sendOrThrow(DESFireCommand.getFreeMemory)
        if memory.status == .nativeSuccess, case .success(let bytes) = DESFireAnswer.freeMemory(memory.data) {
            info.freeMemory = bytes
        } else {
            info.freeMemoryRefused = memory.status
        }
        return info
    }

    /// What the card holds of AN11004's application, read with plain native commands: its AID
    /// among the applications, whether it is provably AN11004's (GetDFNames at the PICC level,
    /// then GetFileIDs, GetISOFileIDs and GetFileSettings in it: ``/Type4/DESFireApplicationSurvey``),
    /// its file numbers, the CC file's rights and, when they are final, the NDEF file size the CC
    /// names. Leaves application `000001` selected when it exists.
    func desfireNDEFState(applications: [DESFireApplicationID]) async throws(Type4Failure) -> DESFireNDEFState {
        typealias App = DESFireNDEFApplication
        guard applications.contains(App.applicationID) else { return .absent }
        forgetSelection()
        try await native(DESFireCommand.selectApplication(.picc))
        let dfNameFrames = try await nativeFrames(DESFireCommand.getDFNames)
        let dfNames = DESFireAnswer.dfNames(dfNameFrames).mapError { _ in
            DESFireSurveyRefusal(status: dfNameFrames.last?.status.value ?? 0)
        }
        try await native(DESFireCommand.selectApplication(App.applicationID))
        let fileIDAnswer = try await sendOrThrow(DESFireCommand.getFileIDs)
        let fileIDs: Result<[UInt8], DESFireSurveyRefusal> =
            fileIDAnswer.status == .nativeSuccess
            ? .success(fileIDAnswer.data) : .failure(DESFireSurveyRefusal(status: fileIDAnswer.status.value))
        let isoFrames = try await nativeFrames(DESFireCommand.getISOFileIDs)
        let isoFileIDs = DESFireAnswer.isoFileIDs(isoFrames).mapError { _ in
            DESFireSurveyRefusal(status: isoFrames.last?.status.value ?? 0)
        }
        var state = DESFireNDEFState(applicationExists: true)
        if case .success(let listed) = fileIDs { state.files = Set(listed) }
        var settings: [UInt8: [UInt8]] = [:]
        for file in [App.ccFileNumber, App.ndefFileNumber] where state.files.contains(file) {
            let answer = try await sendOrThrow(DESFireCommand.getFileSettings(file))
            settings[file] = answer.status == .nativeSuccess ? answer.data : []
        }
        if let cc = settings[App.ccFileNumber], case .success(let parsed) = NTAG424FileSettings.parse(cc) {
            state.ccAccessRights = parsed.accessRights.word
        }
        if state.ccAccessRights == App.ccAccessRights || state.ccAccessRights == 0xEFFF {
            let answer = try await sendOrThrow(
                DESFireCommand.readData(file: App.ccFileNumber, offset: 0, length: App.ccFileSize))
            if answer.status == .nativeSuccess, case .success(let cc) = Type4CapabilityContainer.parse(answer.data) {
                state.ccNDEFFileSize = cc.ndefFile.maximumSize
            }
        }
        let survey = DESFireApplicationSurvey(
            dfNames: dfNames, fileIDs: fileIDs, isoFileIDs: isoFileIDs, settings: settings,
            ccNDEFFileSize: state.ccNDEFFileSize)
        state.foreign = survey.foreign
        return state
    }
}
