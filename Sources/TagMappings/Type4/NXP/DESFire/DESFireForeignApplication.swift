import TapCardSupport

/// Why application `000001` on a DESFire card is not AN11004's NDEF application as AN11004 and
/// TapCard's own `format` lay it out (or as a torn format or TapCard's lock leaves it). AID
/// `000001` is not reserved: any issuer may use it, so TapCard takes it over only when every fact
/// the card answers matches the layout, and otherwise leaves it alone and says why.
public enum DESFireForeignApplication: Sendable, Hashable {
    /// GetDFNames does not list `000001`: it was created without an ISO DF identifier.
    case noDFName
    /// Its ISO DF identifier or DF name is not `E110` / `D2760000850101`.
    case dfName(isoFileID: UInt16, name: [UInt8])
    /// It holds files other than the CC file `01` and the NDEF file `02`.
    case otherFiles([UInt8])
    /// Its files' ISO identifiers are not the CC file's `E103` and the NDEF file's `E104`.
    case isoFileIDs(found: [UInt16], expected: [UInt16])
    /// File `file` is not the standard data file the layout gives it (`settings` as
    /// GetFileSettings answered).
    case fileSettings(file: UInt8, settings: [UInt8], expected: String)
    /// The NDEF file's size differs from the size the CC file names.
    case ndefFileSize(bytes: Int, ccSays: Int)
    /// The card refused to list what `000001` holds without a key (`command` answered `status`,
    /// two bytes, high first), so nothing proves it is TapCard's.
    case directoryRefused(command: String, status: UInt16)

    /// The facts, in a clause that follows "application 000001 ".
    public var clause: String {
        switch self {
        case .noDFName:
            return "has no ISO DF identifier or DF name (AN11004's has E110 and D2760000850101)"
        case .dfName(let fid, let name):
            return
                "has ISO DF identifier \(Self.hex(fid)) and DF name \(name.isEmpty ? "(none)" : Hex.encode(name, uppercase: true)) (AN11004's: E110 and D2760000850101)"
        case .otherFiles(let files):
            return
                "holds file\(files.count == 1 ? "" : "s") \(files.map { Hex.encode([$0], uppercase: true) }.joined(separator: ", ")), which AN11004's NDEF application does not (it has files 01 and 02 only)"
        case .isoFileIDs(let found, let expected):
            return
                "has ISO file identifiers \(found.isEmpty ? "none" : found.map(Self.hex).joined(separator: ", ")) where AN11004's has \(expected.map(Self.hex).joined(separator: ", "))"
        case .fileSettings(let file, let settings, let expected):
            return
                "has a file \(Hex.encode([file], uppercase: true)) with settings \(Hex.encode(settings, uppercase: true, separator: " ")), not \(expected)"
        case .ndefFileSize(let bytes, let ccSays):
            return "has an NDEF file of \(bytes) bytes where its CC file names \(ccSays)"
        case .directoryRefused(let command, let status):
            return
                "cannot be examined without a key (\(command) answered \(Hex.encode([UInt8(status >> 8), UInt8(status & 0xFF)], uppercase: true, separator: " "))), so nothing shows it is an NDEF application"
        }
    }

    /// "Application 000001 belongs to another issuer: it …".
    public var sentence: String {
        "Application 000001 is not AN11004's NDEF application (another issuer's, as far as TapCard can tell): it \(clause)."
    }

    static func hex(_ value: UInt16) -> String {
        Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)], uppercase: true)
    }
}
