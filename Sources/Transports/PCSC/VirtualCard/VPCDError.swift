import TapCardSupport

/// Failures talking to vsmartcard's vpcd reader driver over TCP.
public enum VPCDError: TapCardError, Equatable {
    /// The host name did not resolve.
    case unresolvable(host: String, port: Int)
    /// vpcd did not accept a connection within the time allowed (is pcscd running with the vpcd reader?).
    case notListening(host: String, port: Int, waitedMilliseconds: Int)
    /// A socket call failed with this `errno`.
    case socket(call: String, errno: Int32)
    /// vpcd sent a frame this card cannot use.
    case malformedFrame(length: Int)

    public var origin: ErrorOrigin {
        switch self {
        case .unresolvable: .input
        case .notListening, .malformedFrame: .transport
        case .socket: .platform
        }
    }

    public var sentence: String {
        switch self {
        case .unresolvable(let host, let port):
            return "The vpcd address \(host):\(port) does not resolve."
        case .notListening(let host, let port, let ms):
            return
                "Nothing accepted a connection at \(host):\(port) within \(ms) ms; start pcscd with the vpcd reader (package vsmartcard-vpcd) first."
        case .socket(let call, let errno):
            return "The socket call \(call) failed with errno \(errno)."
        case .malformedFrame(let length):
            return "vpcd sent a frame of \(length) bytes that this virtual card cannot use."
        }
    }
}
