import TagFrames
import TapCardSupport

/// The tag answered a Type 4 command with a status word other than success. The origin is
/// `.tag`: the tag saw the command and refused it. The sentence names the command, the file and
/// the status word with its meaning: "The tag refused UPDATE BINARY (00 D6 00 02) on file E104
/// with 69 82 (security status not satisfied)."
public enum Type4StatusError: TapCardError, Equatable {
    /// An ISO command (CLA 00) on `file` (the selected EF, or `nil` before one is selected)
    /// answered `status`.
    case refused(command: CommandLabel, file: UInt16?, status: StatusWord)
    /// SELECT of the NDEF application by DF name (`application`) answered `6A 82`: the tag is not
    /// an NFC Forum Type 4 NDEF tag. Recognition tells this from every other refusal.
    case noNDEFApplication(application: [UInt8], status: StatusWord)
    /// A native command (CLA 90, NTAG 424 DNA) on file number `fileNumber` answered `status`
    /// (`91 xx`, meanings per the datasheet as `StatusWord.meaning` gives them).
    case nativeRefused(command: CommandLabel, fileNumber: UInt8?, status: StatusWord)

    public var origin: ErrorOrigin { .tag }

    /// The status word the tag answered.
    public var status: StatusWord {
        switch self {
        case .refused(_, _, let status), .noNDEFApplication(_, let status), .nativeRefused(_, _, let status): status
        }
    }

    public var sentence: String {
        switch self {
        case .refused(let command, let file, let status):
            let on = file.map { " on file " + Hex.encode([UInt8($0 >> 8), UInt8($0 & 0xFF)], uppercase: true) } ?? ""
            return "The tag refused \(command)\(on) with \(status)."
        case .noNDEFApplication(let application, let status):
            return
                "The tag answered SELECT of the NDEF application \(Hex.encode(application, uppercase: true, separator: " ")) with \(status): it is not an NFC Forum Type 4 NDEF tag."
        case .nativeRefused(let command, let fileNumber, let status):
            let on = fileNumber.map { " on file number \($0)" } ?? ""
            return "The tag refused \(command)\(on) with \(status)."
        }
    }

    /// The response's data when the status word is success (`90 00`; `91 00` for a native CLA 90
    /// command), or the refusal. A SELECT by DF name (`00 A4 04 …`) answered `6A 82` is
    /// ``noNDEFApplication(application:status:)``.
    public static func check(_ response: ResponseAPDU, command: CommandAPDU, file: UInt16?) throws(Type4StatusError)
        -> [UInt8]
    {
        let status = response.status
        if status == .success || (command.cla == 0x90 && status == .nativeSuccess) { return response.data }
        if command.cla == 0x00 && command.ins == 0xA4 && command.p1 == 0x04 && status == .fileNotFound {
            throw .noNDEFApplication(application: command.data, status: status)
        }
        if command.cla == 0x90 { throw .nativeRefused(command: command.label, fileNumber: nil, status: status) }
        throw .refused(command: command.label, file: file, status: status)
    }
}
