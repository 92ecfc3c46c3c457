import CommandLineKit
import TagEmulator
import TagWorkflows
import TapCardSupport
import Type2

/// Runs `protect` and `unprotect` on a virtual tag or a reader's tag: the credentials, the
/// optional simulated tear, saving the tag file whatever happened, and the output.
enum ProtectionRunner {
    enum Change {
        case protect(TagProtectionRequest)
        case unprotect
    }

    static let options: [OptionSpec] =
        [.json] + TearOptions.options + TagTarget.options

    static let tearHelpLines = """
          --simulate-tear-after N  (virtual tags) Let exactly N commands complete, then take the
                                   tag out of the field; the command fails and says every state the
                                   tag may be in (unprotected, or protected with a known password).
          --tear-mode MODE         not-delivered (default), reply-lost or corrupted-write.
        """

    /// Runs `change` with `current` as the password to authenticate with. A tag without a page
    /// password is refused as every verb refuses a tag it does not apply to (``VerbRefusal``).
    static func run(
        _ change: Change, current: PasswordOptions, verb: String, _ arguments: inout Arguments, io: some CommandIO
    ) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let tear = try TearOptions.parse(&arguments)
        let tag = try await OpenedTag.open(&arguments, io: io)
        defer { tag.close() }
        try arguments.finish()
        let command = arguments.command
        try tear.requireField(tag, command: command)
        let driver = try tag.driver(password: tag.forumType == 2 ? current : PasswordOptions(), command: command)
        guard let protectable = driver as? any ProtectableTag else {
            let reason =
                tag.forumType == 4
                ? "has no page password (a Type 4 tag guards its files with application keys; an NTAG 424 DNA's: see 'tapcard ntag424 keys')"
                : "has no page password TapCard can set (protect and unprotect set the NTAG21x / Ultralight EV1 password and the protection of a tag guarded by a 16-byte key)"
            throw VerbRefusal(verb: command, facts: try await driver.identifyTag(), reason: reason)
        }
        let report = try await tear.arming(tag) {
            try await tag.operating {
                switch change {
                case .protect(let request): try await protectable.protectTag(request)
                case .unprotect: try await protectable.unprotectTag()
                }
            }
        }
        let undo = tag.readerName.map { "--reader '\($0)'" } ?? "--tag '\(tag.label)'"
        switch report {
        case .password(let report): print(report, verb: verb, path: tag.label, undo: undo, json: json, io: io)
        case .key(let report): print(report, verb: verb, path: tag.label, undo: undo, json: json, io: io)
        }
        return .success
    }

    static func print(
        _ report: ProtectionReport, verb: String, path: String, undo: String, json: Bool, io: some CommandIO
    ) {
        let undoLine =
            report.password.map { _ in "tapcard unprotect --password HEX8 \(undo)" }
        if json {
            io.printJSON(
                JSON.object([
                    ("tag", .string(path)),
                    ("uid", TagJSON.uid(report.uid)),
                    ("chip", TagJSON.chip(report.identification)),
                    ("operation", .string(verb.lowercased())),
                    (
                        "before",
                        TagJSON.protection(
                            model: report.identification.model, configuration: report.before, readRefusedFromPage: nil,
                            acknowledge: nil)
                    ),
                    (
                        "after",
                        TagJSON.protection(
                            model: report.identification.model, configuration: report.after, readRefusedFromPage: nil,
                            acknowledge: report.passwordVerified ? report.acknowledge : nil)
                    ),
                    ("writes", TagJSON.writes(report.writes)),
                    // The password is never printed, not even the one just set.
                    ("password", .null),
                    ("pack", report.acknowledge.map { .string(Hex.encode($0.bytes)) } ?? .null),
                    ("password_verified", .bool(report.passwordVerified)),
                    ("undo", undoLine.map(JSON.string) ?? .null),
                    ("write", TagJSON.statistics(report.writeStatistics)),
                    ("verify", TagJSON.statistics(report.verifyStatistics)),
                ]))
            return
        }
        if io.style.quiet { return }
        io.print("\(verb) \(path)")
        io.print("Chip: \(TagText.chip(report.identification))")
        for sentence in report.after.sentences { io.print(sentence) }
        if let password = report.password, let acknowledge = report.acknowledge {
            io.print("Password: set (\(password.bytes.count) bytes, never shown); PACK \(acknowledge).")
        }
        if report.writes.isEmpty {
            io.print("The tag already held this configuration: nothing was written.")
        } else {
            let steps = report.writes.map { "page \($0.page) \(Self.name(of: $0.role))" }
            let why =
                report.after.isProtected
                ? "AUTH0 is the switch: it is turned off before PWD or PACK change and set last, so a tear leaves the tag unprotected or protected with a password you know"
                : "AUTH0 off first: from that write on no page needs a password, so a tear leaves the tag unprotected or still protected with the password given"
            io.print(
                "\(report.writes.count) page write\(report.writes.count == 1 ? "" : "s"), in this order: \(steps.joined(separator: ", ")) (\(why))."
            )
        }
        io.print("Write: \(TagText.statistics(report.writeStatistics))")
        io.print(
            report.passwordVerified
                ? "Verified: CFG0/CFG1 read back as set, and the tag accepted the password and answered PACK \(report.acknowledge?.description ?? "")."
                : "Verified: CFG0/CFG1 read back as set (AUTH0 \(report.after.auth0): no page needs a password).")
        if report.password != nil {
            io.print(
                "The password travels over the air in clear text: it stops casual rewriting, it is not secrecy.")
        }
        if let undoLine { io.print("To undo: \(undoLine)") }
    }

    static func name(of role: PageWrite.Role) -> String {
        switch role {
        case .authenticationSwitch: "CFG0 (AUTH0)"
        case .password: "PWD"
        case .passwordAcknowledge: "PACK"
        case .accessConfiguration: "CFG1 (ACCESS)"
        default: role.rawValue
        }
    }

    /// A key-guarded tag's protect or unprotect (Ultralight C, Ultralight AES, in the report's
    /// chip-neutral words): AUTH0, the read guard and the configuration pages in the Protection
    /// object (under `key_access`; it has no password, PACK or AUTHLIM), never the key.
    static func print(
        _ report: KeyProtectionReport, verb: String, path: String, undo: String, json: Bool, io: some CommandIO
    ) {
        let undoLine =
            report.after.isProtected && !report.changedKey ? "tapcard unprotect --auth-key HEX32 \(undo)" : nil
        let cipher = report.cipher.name
        if json {
            io.printJSON(
                JSON.object([
                    ("tag", .string(path)),
                    ("uid", TagJSON.uid(report.uid)),
                    ("chip", report.identification.map(TagJSON.chip) ?? TagJSON.chip(model: nil, identifiedBy: "")),
                    ("operation", .string(report.changedKey ? "key-changed" : verb.lowercased())),
                    ("before", keyProtection(report.before, authenticated: report.keyAuthenticated)),
                    ("after", keyProtection(report.after, authenticated: report.keyAuthenticated)),
                    ("writes", keyWrites(report.writes, state: report.after)),
                    ("password", .null),
                    ("pack", .null),
                    ("password_verified", .bool(false)),
                    ("key_authenticated", .bool(report.keyAuthenticated)),
                    ("key_changed", .bool(report.changedKey)),
                    ("undo", undoLine.map(JSON.string) ?? .null),
                    ("write", TagJSON.statistics(report.writeStatistics)),
                    ("verify", TagJSON.statistics(report.verifyStatistics)),
                ]))
            return
        }
        if io.style.quiet { return }
        io.print("\(verb) \(path)")
        if let identification = report.identification { io.print("Chip: \(TagText.chip(identification))") }
        for sentence in report.after.sentences { io.print(sentence) }
        if report.writes.isEmpty {
            io.print("The tag already held this configuration: nothing was written.")
        } else {
            let steps = report.writes.map { "page \($0.page) \(report.after.name(ofPage: $0.page))" }
            let why =
                report.changedKey
                ? "the key pages are written only while AUTH0 guards none of them, so a tear never leaves the tag guarded by a half-written key"
                : report.after.isProtected
                    ? "AUTH0 is the switch and is set last, so a tear leaves the tag unprotected or guarded by the key it holds"
                    : "AUTH0 = \(report.after.auth0) guards no page"
            io.print(
                "\(report.writes.count) page write\(report.writes.count == 1 ? "" : "s"), in this order: \(steps.joined(separator: ", ")) (\(why))."
            )
        }
        io.print("Write: \(TagText.statistics(report.writeStatistics))")
        let names = report.after.configurationPages.map(\.name).joined(separator: "/")
        io.print(
            "Verified: \(names) read back as set"
                + (report.keyAuthenticated
                    ? "; the tag accepted the \(cipher) key (mutual authentication) before the writes." : "."))
        io.print(
            report.changedKey
                ? "The new \(cipher) key (never printed) counts from the tag's next reset; its pages cannot be read back, so it is not verified here: authenticate with it (tapcard read --auth-key HEX32) to check."
                : "The \(cipher) key was not changed (it is never printed).")
        if let undoLine { io.print("To undo: \(undoLine)") }
    }

    /// The page writes, the key pages' bytes left out (null): a key is never printed.
    static func keyWrites(_ writes: [PageWrite], state: KeyAccessState) -> JSON {
        .array(
            writes.map {
                let isKey = state.keyPages.contains($0.page)
                return .object([
                    ("page", .int($0.page)), ("role", isKey ? .string("key") : TagJSON.enumValue($0.role.rawValue)),
                    ("bytes", isKey ? .null : .string(Hex.encode($0.bytes))),
                ])
            })
    }

    /// The Protection object of a key-guarded tag: `info`'s shape, with `key_access` filled.
    static func keyProtection(_ access: KeyAccessState, authenticated: Bool) -> JSON {
        TagJSON.protection(
            model: nil, configuration: nil, keyAccess: access, readRefusedFromPage: nil, acknowledge: nil,
            keyAuthenticated: authenticated)
    }
}
