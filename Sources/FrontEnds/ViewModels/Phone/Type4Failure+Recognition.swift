import TagFrames
import TagTransport
import TagWorkflows
import Type4

extension Type4Failure {
    /// True when the failure says the tag is no NFC Forum Type 4 NDEF tag, so iOS's own NDEF
    /// calls should try it: it answered SELECT of the NDEF application with `6A 82`, or iOS
    /// refused to send that SELECT (an AID missing from the app's Info.plist).
    var meansNoType4Tag: Bool {
        switch self {
        case .refused(.noNDEFApplication): true
        case .channel(.unsupported(let command, _)): command.header.starts(with: [0x00, 0xA4, 0x04])
        default: false
        }
    }
}
