import TagFrames
import TagTransport

/// PC/SC failures as channel errors: a departed card is a lost tag (the command may or may not
/// have landed); anything else keeps its PC/SC code and sentence.
enum PCSCChannelError {
    static func from(_ error: PCSCError, command: CommandLabel?) -> ChannelError {
        switch error {
        case .cardRemoved: return .tagLost(command: command)
        case .call(_, let code) where code == 0x8010_0016 || code == 0x8010_0066:
            return .tagLost(command: command)
        case .readerRemoved, .noCard, .serviceNotRunning, .noReaders, .readerNotFound, .sharingViolation,
            .cancelled, .unavailable, .call:
            let code: UInt32 =
                if case .call(_, let code) = error { code } else if case .serviceNotRunning(let code) = error {
                    code
                } else { 0 }
            let sentence = error.sentence
            return .reader(code: Int64(code), message: sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence)
        }
    }
}
