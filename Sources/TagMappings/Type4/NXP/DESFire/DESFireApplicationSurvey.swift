/// What a DESFire card answers about application `000001`, and the judgement of whether it is
/// AN11004's NDEF application as AN11004 and TapCard lay it out: the only one TapCard's `format`
/// may resume and its `lock` may change. A pure value: the driver gathers the answers with plain
/// native commands (GetDFNames at the PICC level; GetFileIDs, GetISOFileIDs and GetFileSettings
/// in the application).
///
/// The layout it accepts, every state a TapCard format or lock passes through:
/// - GetDFNames lists `000001` with ISO DF identifier `E110` and DF name `D2760000850101`;
/// - the files are a subset of `01` and `02` (a torn format leaves fewer);
/// - their ISO identifiers are exactly `E103` for `01` and `E104` for `02`;
/// - file `01`: standard data file, plain, 15 bytes, rights `EEEE` (being written), `E000`
///   (AN11004's) or `EFFF` (locked by TapCard);
/// - file `02`: standard data file, plain, 5…65534 bytes, rights `EEE0` or `EFFF`, the size the CC
///   names when the CC is final.
public struct DESFireApplicationSurvey: Sendable, Hashable {
    /// GetDFNames' entries, or the refusal's status.
    public var dfNames: Result<[DESFireDFName], DESFireSurveyRefusal>
    /// GetFileIDs of `000001`.
    public var fileIDs: Result<[UInt8], DESFireSurveyRefusal>
    /// GetISOFileIDs of `000001`.
    public var isoFileIDs: Result<[UInt16], DESFireSurveyRefusal>
    /// GetFileSettings of each file number listed (raw answers).
    public var settings: [UInt8: [UInt8]]
    /// The NDEF file size the CC file names, when its rights are final and its bytes parse.
    public var ccNDEFFileSize: Int?

    public init(
        dfNames: Result<[DESFireDFName], DESFireSurveyRefusal>, fileIDs: Result<[UInt8], DESFireSurveyRefusal>,
        isoFileIDs: Result<[UInt16], DESFireSurveyRefusal>, settings: [UInt8: [UInt8]], ccNDEFFileSize: Int? = nil
    ) {
        self.dfNames = dfNames
        self.fileIDs = fileIDs
        self.isoFileIDs = isoFileIDs
        self.settings = settings
        self.ccNDEFFileSize = ccNDEFFileSize
    }

    /// The CC file's rights while a format writes it, AN11004's, and TapCard's lock's.
    public static let ccRights: Set<UInt16> = [0xEEEE, DESFireNDEFApplication.ccAccessRights, 0xEFFF]
    /// The NDEF file's rights as formatted and as locked.
    public static let ndefRights: Set<UInt16> = [DESFireNDEFApplication.ndefAccessRights, 0xEFFF]

    /// `nil` when application `000001` is provably AN11004's NDEF application (complete or as a
    /// torn format left it), else the first fact that says otherwise.
    public var foreign: DESFireForeignApplication? {
        typealias App = DESFireNDEFApplication
        let names: [DESFireDFName]
        switch dfNames {
        case .failure(let refusal): return .directoryRefused(command: "GetDFNames", status: refusal.status)
        case .success(let answered): names = answered
        }
        guard let entry = names.first(where: { $0.application == App.applicationID }) else { return .noDFName }
        guard entry.isoFileID == App.dfFileID, entry.name == App.dfName else {
            return .dfName(isoFileID: entry.isoFileID, name: entry.name)
        }
        let files: [UInt8]
        switch fileIDs {
        case .failure(let refusal): return .directoryRefused(command: "GetFileIDs", status: refusal.status)
        case .success(let answered): files = answered
        }
        let others = files.filter { $0 != App.ccFileNumber && $0 != App.ndefFileNumber }
        guard others.isEmpty else { return .otherFiles(others.sorted()) }
        let isoIDs: [UInt16]
        switch isoFileIDs {
        case .failure(let refusal): return .directoryRefused(command: "GetISOFileIDs", status: refusal.status)
        case .success(let answered): isoIDs = answered
        }
        var expected: [UInt16] = []
        if files.contains(App.ccFileNumber) { expected.append(App.ccFileID) }
        if files.contains(App.ndefFileNumber) { expected.append(App.ndefFileID) }
        guard isoIDs.sorted() == expected.sorted() else { return .isoFileIDs(found: isoIDs, expected: expected) }
        if files.contains(App.ccFileNumber) {
            let raw = settings[App.ccFileNumber] ?? []
            guard Self.isPlainStandardFile(raw, rights: Self.ccRights, sizes: App.ccFileSize...App.ccFileSize) else {
                return .fileSettings(
                    file: App.ccFileNumber, settings: raw,
                    expected: "a plain standard data file of 15 bytes with rights EEEE, E000 or EFFF")
            }
        }
        if files.contains(App.ndefFileNumber) {
            let raw = settings[App.ndefFileNumber] ?? []
            guard Self.isPlainStandardFile(raw, rights: Self.ndefRights, sizes: App.ndefFileSizes) else {
                return .fileSettings(
                    file: App.ndefFileNumber, settings: raw,
                    expected: "a plain standard data file of 5 to 65534 bytes with rights EEE0 or EFFF")
            }
            let size = Int(raw[4]) | Int(raw[5]) << 8 | Int(raw[6]) << 16
            if let ccSays = ccNDEFFileSize, ccSays != size { return .ndefFileSize(bytes: size, ccSays: ccSays) }
        }
        return nil
    }

    /// GetFileSettings' 7 bytes of a standard data file (`00`), plain (`00`), with one of
    /// `rights` (LSB first on the wire) and a size in `sizes`; nothing after.
    static func isPlainStandardFile(_ raw: [UInt8], rights: Set<UInt16>, sizes: ClosedRange<Int>) -> Bool {
        guard raw.count == 7, raw[0] == 0x00, raw[1] == 0x00 else { return false }
        let word = UInt16(raw[3]) << 8 | UInt16(raw[2])
        let size = Int(raw[4]) | Int(raw[5]) << 8 | Int(raw[6]) << 16
        return rights.contains(word) && sizes.contains(size)
    }
}
