import TagFrames

/// What an NTAG 424 DNA native command did, before secure messaging wraps its answer: the status
/// (`91 00` or an error), the plain response data, and whether the command ends the session
/// (ChangeKey of key 0 answers `91 00` without a MAC and leaves the tag unauthenticated).
struct NTAG424Outcome: Sendable {
    var status: StatusWord
    var data: [UInt8] = []
    var endsSession = false

    static func success(_ data: [UInt8] = []) -> NTAG424Outcome {
        NTAG424Outcome(status: .nativeSuccess, data: data)
    }

    /// `91 <code>`.
    static func error(_ code: UInt8) -> NTAG424Outcome {
        NTAG424Outcome(status: StatusWord(sw1: 0x91, sw2: code))
    }

    var isSuccess: Bool { status == .nativeSuccess }
}
