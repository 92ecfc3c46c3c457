#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Set from a signal handler; a plain word written once, read by polling loops.
nonisolated(unsafe) private var stopRequestedFlag: Int32 = 0

/// SIGINT/SIGTERM as a polled flag, for long-running commands (`emulate`, `watch`) that must save
/// their state and exit cleanly instead of dying mid-write.
public enum StopSignal {
    /// Installs handlers for SIGINT and SIGTERM and ignores SIGPIPE (a peer closing a socket).
    public static func install() {
        stopRequestedFlag = 0
        signal(SIGINT) { _ in stopRequestedFlag = 1 }
        signal(SIGTERM) { _ in stopRequestedFlag = 1 }
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (the mask is inherited): unblock them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Puts the default handlers back.
    public static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    public static var requested: Bool { stopRequestedFlag != 0 }
}
