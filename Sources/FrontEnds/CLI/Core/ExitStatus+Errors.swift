import CommandLineKit
import PCSCTransport
import TagEmulator
import TapCardSupport

extension ExitStatus {
    /// Every status and what it means: the one table the README, `tapcard --help` and the man
    /// page show (a test compares the README's table with it).
    public static let table: [(status: Int32, short: String, meaning: String)] = [
        (0, "success", "Success."),
        (
            1, "failed or refused",
            "The operation was attempted and failed, or TapCard refused it: a preflight check, a tag that refused (a NAK, a status word, a wrong password), an interrupted write. The message says which."
        ),
        (64, "usage error", "Usage error: the command line is wrong (an unknown option, a missing argument)."),
        (
            65, "malformed input data",
            "Malformed input data: hex that is not hex, an NDEF message or CSV that does not decode, a value a rule refuses."
        ),
        (
            66, "input file missing or unreadable",
            "An input file does not exist or cannot be read (--tag, --from-vcf, --file, a batch sheet)."
        ),
        (
            69, "a needed service is unavailable",
            "A service TapCard needs is unavailable: PC/SC, a reader, vpcd, the data directory."
        ),
        (70, "internal error", "Internal error (a bug in TapCard; please report it)."),
        (74, "writing a file failed", "Writing a file failed (a virtual tag, the database, a manifest)."),
        (
            75, "the virtual tag file was busy (try again)",
            "Temporary failure: another tapcard was using the virtual tag file for all of --wait; nothing was done, and the same command can work later."
        ),
    ]

    /// The one decision point: the status a failure earns.
    public static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case is UsageError: return .usage
        case let error as any RangeCheckedError where error.isOutOfRange: return .usage
        case let error as any UnwritableFileError where error.isUnwritable: return .ioError
        case is InputFileError: return .noInput
        case let error as SecretInputError:
            if case .unreadable = error { return .noInput }
            return of(origin: error.origin)
        case let error as EmulatorError:
            switch error {
            case .fileUnreadable: return .noInput
            case .fileUnwritable: return .ioError
            case .lockTimeout: return .temporaryFailure
            default: return of(origin: error.origin)
            }
        case let error as TagTargetError:
            switch error {
            case .busy: return .temporaryFailure
            case .cannotCreateDirectory: return .ioError
            }
        case let error as BatchError:
            if case .unwritable = error { return .ioError }
            return of(origin: error.origin)
        case let error as VPCDError:
            if case .notListening = error { return .unavailable }
            return of(origin: error.origin)
        case let error as any TapCardError:
            return of(origin: error.origin)
        default:
            return .software
        }
    }

    /// By who decided: input → 65; TapCard, the tag or the radio → 1; the platform → 69.
    public static func of(origin: ErrorOrigin) -> ExitStatus {
        switch origin {
        case .input: .dataError
        case .refusal, .tag, .transport: .failure
        case .platform: .unavailable
        }
    }
}
