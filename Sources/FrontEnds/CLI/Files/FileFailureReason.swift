import Foundation
import TapCardSupport

/// The system's reason a file operation failed, in TapCard's words (``SystemErrorText``: "the
/// filesystem is mounted read-only", "the disk is full", "permission denied"), from a Foundation
/// error that carries an `errno` (its own POSIX domain, or a Cocoa error's underlying one). An
/// error with no `errno` keeps Foundation's wording.
enum FileFailureReason {
    static func of(_ error: any Error) -> String {
        let failure = error as NSError
        if failure.domain == NSPOSIXErrorDomain { return SystemErrorText.reason(Int32(failure.code)) }
        if let underlying = failure.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return SystemErrorText.reason(Int32(underlying.code))
        }
        return failure.localizedDescription
    }
}
