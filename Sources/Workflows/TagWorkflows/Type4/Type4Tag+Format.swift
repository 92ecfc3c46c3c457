import TagFrames
import Type4

extension Type4Tag: FormattableTag {
    /// TapCard's NDEF file size for a DESFire the catalog does not list, when none is asked for:
    /// 2048 bytes, room for a vCard with a small photo, without taking a 4 KB card's memory from its
    /// other applications (a listed model's is its ``/TagCatalog/DESFireFacts/formattedNDEFFileBytes``).
    public static let desfireStandardNDEFFileSize = 2048
    /// The memory an application takes besides its files, assumed (the datasheets give no figure).
    static let desfireApplicationOverhead = 64
    /// DESFire allocates file memory in blocks of 32 bytes (EV1 datasheet, memory organisation).
    static let desfireBlock = 32

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await formatDESFire(ndefFileSize: options.ndefFileSize, key: options.key))
    }

    /// NDEF-formats a DESFire EV1/EV2/EV3 per AN11004 mapping version 2 (``/Type4/DESFireFormatPlan``):
    /// the application `000001`, its CC file and its NDEF file, created in plain commands in the
    /// order that keeps a torn format harmless, then read back as a Type 4 tag. A rerun after a
    /// tear sends only the steps still missing.
    ///
    /// - `ndefFileSize`: NLEN included; `nil` takes ``desfireStandardNDEFFileSize``, or less when
    ///   the card's free memory is smaller.
    /// - `key`: the PICC master key (AES), proven only when the card refuses CreateApplication
    ///   without it (`91 AE`), with AuthenticateEV2First on an EV2 or EV3 and AuthenticateAES on
    ///   an EV1; `nil` tries the all-zero AES key then.
    ///
    /// Refused (nothing sent that changes the card): a Type 4 tag that is no DESFire (its files are
    /// its maker's: ``VerbRefusal``), the card holds an NDEF message (``FormatRefusal``), a
    /// generation without mapping v2, a size that does not fit.
    public func formatDESFire(ndefFileSize: Int? = nil, key: [UInt8]? = nil) async throws -> DESFireFormatReport {
        beginOperation()
        let identification = try await identify()
        guard let version = identification.desfire else {
            throw VerbRefusal(
                verb: "format", facts: Self.facts(uid: uid, identification: identification),
                reason:
                    "ships formatted by its maker: its NDEF application, CC file and NDEF file exist or they do not, and no NFC Forum command creates them (to empty it, run 'tapcard erase')"
            )
        }
        switch version.generation {
        case .ev1?, .ev2?, .ev3?, .unknown?: break
        case .d40?, .light?, nil:
            throw DESFireFormatRefusal.generation(version.generation?.description ?? version.product.description)
        }
        if let key, key.count != 16 { throw DESFireFormatRefusal.keyLength(bytes: key.count) }
        if let ndefFileSize, !DESFireNDEFApplication.ndefFileSizes.contains(ndefFileSize) {
            throw DESFireCommandError.ndefFileSize(
                bytes: ndefFileSize, minimum: DESFireNDEFApplication.ndefFileSizes.lowerBound,
                maximum: DESFireNDEFApplication.ndefFileSizes.upperBound)
        }
        let hadNDEFApplication = hasNDEFApplication
        let before = try await desfireCardInfo()
        let state = try await desfireNDEFState(applications: before.applications ?? [])
        // Application 000001 is taken over only when it is provably AN11004's (any issuer may
        // use that AID): anything else is refused before a command that changes the card.
        if let foreign = state.foreign { throw DESFireFormatRefusal.foreignApplication(foreign) }
        // Formatting never loses a message (the contract's rule on every type).
        var contentBefore: NDEFContent = .notFormatted
        if hadNDEFApplication == true, let snapshot = try await readNDEFFiles(identification, whole: false) {
            contentBefore = Self.content(of: snapshot)
            if case .message(_, let bytes) = contentBefore {
                throw FormatRefusal.holdsMessage(messageBytes: bytes.count)
            }
        }
        // A size asked for that the card's own CC already fixes cannot take effect.
        if let asked = ndefFileSize, let existing = state.ccNDEFFileSize, asked != existing {
            throw DESFireFormatRefusal.sizeFixed(asked: asked, existing: existing, complete: state.isComplete)
        }
        let standard = identification.model?.type4?.desfire?.formattedNDEFFileBytes ?? Self.desfireStandardNDEFFileSize
        let (size, choice) = try Self.ndefFileSize(
            asked: ndefFileSize, standard: standard, state: state, freeMemory: before.freeMemory)
        var plan = try DESFireFormatPlan.make(ndefFileSize: size, state: state).get()
        if state.isComplete, contentBefore != .empty {
            // An NDEF card whose NLEN does not give a message (a torn write): state it empty.
            plan.steps = [
                DESFireFormatStep(
                    purpose: .selectApplication,
                    command: DESFireCommand.selectApplication(DESFireNDEFApplication.applicationID), role: .preparation),
                DESFireFormatStep(
                    purpose: .clearNDEFLength,
                    command: DESFireCommand.writeData(
                        file: DESFireNDEFApplication.ndefFileNumber, offset: 0, data: [0x00, 0x00]),
                    role: .finish),
            ]
        }
        forgetSelection()
        var completed: [DESFireFormatStep] = []
        var authentication: DESFireInstruction?
        for step in plan.steps {
            do {
                if step.purpose == .createApplication {
                    authentication = try await createApplication(
                        step.command, key: key, ev2: identification.speaksEV2)
                } else {
                    try await native(step.command)
                }
            } catch let failure as Type4Failure {
                throw DESFireFormatInterrupted(
                    completed: completed, failed: step, total: plan.steps.count, cause: failure)
            }
            completed.append(step)
        }
        // Read back as any Type 4 reader would, in a new selection: SELECT of the DF name, the
        // CC, NLEN.
        forgetSelection()
        hasNDEFApplication = nil
        self.identification = nil
        let readBack = try await identify()
        let (cc, ccBytes) = try await readCapabilityContainer(whole: false)
        let snapshot = try await readNDEFFile(cc: cc, ccBytes: ccBytes)
        let after = Type4ReadReport(
            identification: readBack, uid: uid, snapshot: snapshot, content: Self.content(of: snapshot),
            statistics: CommandStatistics())
        return DESFireFormatReport(
            identification: readBack, uid: uid, before: before, stateBefore: state, ndefFileSize: plan.ndefFileSize,
            sizeChoice: choice, steps: plan.steps, piccAuthentication: authentication, after: after,
            statistics: takeStatistics())
    }

    /// The NDEF file size to create and why: the CC's when a torn format left one, else the one
    /// asked for (refused when it does not fit the reported free memory), else the standard size
    /// or the largest that fits.
    static func ndefFileSize(asked: Int?, standard: Int, state: DESFireNDEFState, freeMemory: Int?) throws
        -> (Int, DESFireFormatReport.SizeChoice)
    {
        if let kept = state.ccNDEFFileSize { return (kept, .keptFromCC) }
        func blocks(_ bytes: Int) -> Int { (bytes + desfireBlock - 1) / desfireBlock * desfireBlock }
        let fixed =
            (state.applicationExists ? 0 : desfireApplicationOverhead)
            + (state.files.contains(DESFireNDEFApplication.ccFileNumber)
                ? 0 : blocks(DESFireNDEFApplication.ccFileSize))
        let size = asked ?? standard
        guard let freeMemory else { return (size, asked == nil ? .standard : .requested) }
        let needed = fixed + blocks(size)
        if needed <= freeMemory { return (size, asked == nil ? .standard : .requested) }
        if asked != nil {
            throw DESFireFormatRefusal.doesNotFit(ndefFileSize: size, freeMemory: freeMemory, needed: needed)
        }
        let fitting = min(
            (freeMemory - fixed) / desfireBlock * desfireBlock, DESFireNDEFApplication.ndefFileSizes.upperBound)
        guard fitting >= DESFireNDEFApplication.ndefFileSizes.lowerBound else {
            throw DESFireFormatRefusal.noRoom(freeMemory: freeMemory)
        }
        return (fitting, .fittedToFreeMemory(freeMemory: freeMemory))
    }

    /// CreateApplication in plain; when the card answers `91 AE` (its PICC key settings want the
    /// master key), an authentication with the PICC master key and the same command in it:
    /// AuthenticateEV2First and MAC mode on an EV2 or EV3 (`ev2`), AuthenticateAES and EV1 secure
    /// messaging otherwise (an EV1 knows no EV2First: the command goes plain, its CMAC moves the
    /// session IV, and the card's answer carries a CMAC we check). Returns the authentication
    /// used, `nil` when none was needed. A key the card refuses is
    /// ``DESFireFormatRefusal/piccKeyRefused(given:status:authentication:)`` (nothing changed);
    /// anything else is a ``Type4Failure``.
    private func createApplication(_ command: CommandAPDU, key: [UInt8]?, ev2: Bool) async throws
        -> DESFireInstruction?
    {
        let response = try await sendOrThrow(command)
        if response.status == .nativeSuccess { return nil }
        guard response.status == StatusWord(0x91AE) else {
            throw Type4Failure.refused(
                .nativeRefused(command: command.label, fileNumber: nil, status: response.status))
        }
        let given = key != nil
        guard ev2 else {
            var session: DESFireEV1Session
            do {
                session = try await authenticateAES(keyNumber: 0, key: key ?? Self.factoryKey)
            } catch let refusal as Type4LockRefusal {
                guard case .ev1KeyRefused(_, let status) = refusal else { throw refusal }
                throw DESFireFormatRefusal.piccKeyRefused(
                    given: given, status: status, authentication: .authenticateAES)
            }
            let answer = try await sendOrThrow(session.plain(ins: command.ins, data: command.data))
            do {
                _ = try session.verify(answer, ins: command.ins)
            } catch {
                throw Type4Failure.secure(error)
            }
            return .authenticateAES
        }
        var session: NTAG424Session
        do {
            session = try await authenticate(keyNumber: 0, key: key ?? Self.factoryKey)
        } catch let refusal as Type4LockRefusal {
            switch refusal {
            case .keyRefused(_, let status, _), .lrpMode(_, let status):
                throw DESFireFormatRefusal.piccKeyRefused(
                    given: given, status: status, authentication: .authenticateEV2First)
            default: throw refusal
            }
        }
        let wrapped: CommandAPDU
        do {
            wrapped = try session.wrap(ins: command.ins, data: command.data, mode: .mac)
        } catch {
            throw Type4Failure.secure(error)
        }
        let answer = try await sendOrThrow(wrapped)
        do {
            _ = try session.unwrap(answer, mode: .mac)
        } catch {
            throw Type4Failure.secure(error)
        }
        return .authenticateEV2First
    }
}
