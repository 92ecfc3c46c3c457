import TagFrames
import TapCardSupport
import Type4

extension DESFireFormatReport {
    /// The format in words, one sentence a line: what was created and why this size, how, the
    /// memory the card reported, and the read-back. `uid` is the card's (or its carrier's).
    public func summaryLines(uid: [UInt8]) -> [String] {
        let name = Hex.encode(uid, uppercase: true, separator: ":")
        let chip = identification.model?.displayName ?? identification.desfire.map { "\($0.product)" } ?? "the card"
        var lines: [String] = []
        if steps.isEmpty {
            lines.append(
                "Nothing needed sending: \(chip) \(name) was an NDEF card already (AN11004 application 000001).")
        } else {
            let sent = steps.map { DESFireFormatInterrupted.name($0.purpose) }
            lines.append(
                "Formatted \(chip) \(name) per NXP AN11004 (mapping 2.0): application 000001 (DF name D2760000850101), CC file 01 (E103), NDEF file 02 (E104) of \(ndefFileSize) bytes, \(sizePhrase)."
            )
            lines.append("Sent \(steps.count) commands in plain: \(sent.joined(separator: "; ")).")
        }
        if let piccAuthentication {
            lines.append(
                "The card creates applications only with its PICC master key: CreateApplication went in an \(piccAuthentication.name) session (\(piccAuthentication == .authenticateAES ? "EV1 secure messaging, CMAC on the answer" : "MAC mode"))."
            )
        }
        lines.append("Free memory before: \(before.freeMemoryPhrase).")
        let capacity = after.capacity.map { "\($0.bytes) bytes of NDEF message" } ?? "no capacity"
        lines.append(
            verified
                ? "Verified: read back as a Type 4 tag, the card is an empty, writable NDEF card with \(capacity) (reported by the CC file)."
                : "The read-back does not show an empty, writable NDEF card with an NDEF file of \(ndefFileSize) bytes: run the same command again."
        )
        return lines
    }

    /// Why the NDEF file has its size.
    var sizePhrase: String {
        switch sizeChoice {
        case .requested: "as asked"
        case .standard: "TapCard's standard size"
        case .fittedToFreeMemory(let free):
            "the largest that fits the \(free) bytes the card reported free (assuming 32-byte allocation blocks and 64 bytes for the application)"
        case .keptFromCC: "the size the CC written by an earlier, interrupted format names"
        }
    }
}
