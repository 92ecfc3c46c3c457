/// Process exit statuses, following BSD `sysexits.h` where one fits.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The operation was attempted and failed, or TapCard refused it (a tag refused, a preflight
    /// check failed, a write was interrupted). The message on stderr says which.
    case failure = 1
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: the input data is malformed.
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
    /// EX_UNAVAILABLE: a service TapCard needs (PC/SC, a reader) is not there.
    case unavailable = 69
    /// EX_SOFTWARE: an internal error.
    case software = 70
    /// EX_IOERR: writing a file failed.
    case ioError = 74
    /// EX_TEMPFAIL: nothing was done, and the same command may work later (another tapcard was
    /// using the virtual tag file for all of `--wait`).
    case temporaryFailure = 75
}
