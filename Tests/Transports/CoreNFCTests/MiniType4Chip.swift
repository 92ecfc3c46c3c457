import TagFrames
import TagTransport

/// A small NFC Forum Type 4 chip for the adapter's tests, until the lead's emulator is merged: the
/// NDEF application `D2760000850101` with a CC file (`E103`) and an NDEF file (`E104`), SELECT by
/// name and by file ID, READ BINARY and UPDATE BINARY (type4-type5-ntag424.md §1.2–§1.4), the ISO
/// 7816-4 status words of §1.2 for everything else. Every APDU it receives is logged.
final class MiniType4Chip: ISODepChannel {
    static let ndefApplication: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]

    private(set) var received: [CommandAPDU] = []
    private var applicationSelected = false
    private var selectedFile: [UInt8]?
    private(set) var files: [[UInt8]: [UInt8]]

    /// - Parameters:
    ///   - message: the NDEF message the file holds (empty: NLEN 0).
    ///   - fileSize: the NDEF file's size, as the CC states it.
    ///   - mle, mlc: the CC's largest R-APDU and C-APDU data fields.
    ///   - writeAccess: the CC's write access byte (`00` free, `FF` read-only).
    init(message: [UInt8] = [], fileSize: Int = 256, mle: Int = 59, mlc: Int = 52, writeAccess: UInt8 = 0x00) {
        let cc: [UInt8] = [
            0x00, 0x0F, 0x20, UInt8(mle >> 8), UInt8(mle & 0xFF), UInt8(mlc >> 8), UInt8(mlc & 0xFF),
            0x04, 0x06, 0xE1, 0x04, UInt8(fileSize >> 8), UInt8(fileSize & 0xFF), 0x00, writeAccess,
        ]
        var ndef = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
        ndef += [UInt8](repeating: 0, count: max(0, fileSize - ndef.count))
        files = [[0xE1, 0x03]: cc, [0xE1, 0x04]: ndef]
    }

    /// The NDEF message in the NDEF file, by its NLEN.
    var message: [UInt8] {
        let file = files[[0xE1, 0x04]] ?? []
        let length = Int(file[0]) << 8 | Int(file[1])
        return Array(file[2..<min(file.count, 2 + length)])
    }

    func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        received.append(command)
        return answer(command)
    }

    private func answer(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.cla == 0x00 else { return ResponseAPDU(status: .claNotSupported) }
        let offset = Int(command.p1) << 8 | Int(command.p2)
        switch (command.ins, command.p1) {
        case (0xA4, 0x04):
            applicationSelected = command.data == Self.ndefApplication
            selectedFile = nil
            return ResponseAPDU(status: applicationSelected ? .success : .fileNotFound)
        case (0xA4, 0x00):
            guard applicationSelected, files[command.data] != nil else { return ResponseAPDU(status: .fileNotFound) }
            selectedFile = command.data
            return ResponseAPDU(status: .success)
        case (0xB0, _):
            guard let id = selectedFile, let file = files[id] else { return ResponseAPDU(status: .commandNotAllowed) }
            guard offset < file.count else { return ResponseAPDU(status: .wrongOffset) }
            let count = min(command.le ?? 256, file.count - offset)
            return ResponseAPDU(data: Array(file[offset..<offset + count]), status: .success)
        case (0xD6, _):
            guard let id = selectedFile, id != [0xE1, 0x03], var file = files[id] else {
                return ResponseAPDU(status: .commandNotAllowed)
            }
            guard offset + command.data.count <= file.count else { return ResponseAPDU(status: .wrongOffset) }
            file.replaceSubrange(offset..<offset + command.data.count, with: command.data)
            files[id] = file
            return ResponseAPDU(status: .success)
        default:
            return ResponseAPDU(status: .insNotSupported)
        }
    }
}
