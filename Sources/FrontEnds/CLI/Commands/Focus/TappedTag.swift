import Focus
import Foundation
import Store
import TagCatalog
import TagEmulator
import TapCardSupport

/// What a tap reads from a tag: who it is (UID + chip), the originality-signature result when
/// checked, and the capacity when known. NDEF content is deliberately not read: it never
/// decides identity.
struct TappedTag {
    var identity: TagIdentity
    var signature: SignatureCheck
    var capacity: CapacityRecord?

    /// The virtual tag file a tap uses without `--tag`: the tag engine's default virtual NTAG213
    /// in the data directory.
    static func defaultPath(io: some CommandIO) -> String {
        StoreLocation.dataDirectory(environment: io.environment) + "/virtual-ntag213.nfc"
    }

    static let optionHelp =
        "  --tag FILE          The virtual tag to tap (a Flipper Zero .nfc file; default: virtual-ntag213.nfc in\n"
        + "                      the data directory).\n"

    /// Takes `--tag` from `arguments`, or the default virtual tag.
    static func path(_ arguments: inout Arguments, io: some CommandIO) throws(UsageError) -> String {
        try arguments.option("--tag") ?? defaultPath(io: io)
    }

    /// Reads the tag at `path`, as a phone tap would: the virtual tag is loaded into the emulator
    /// and asked over its transport for page 0–3 (the UID) and GET_VERSION (the chip).
    ///
    /// INTERIM: when the tag engine's identify/inspect is on main, this is the one function to
    /// swap for it (it adds the originality-signature check and the reported capacity).
    static func read(path: String) async throws -> TappedTag {
        guard FileManager.default.fileExists(atPath: path) else { throw TagFileError.missing(path: path) }
        let tag = try VirtualTagFile.load(path)
        let header = try await tag.transceive([0x30, 0x00])
        guard header.count >= 8 else { throw TagFileError.noUID(path: path) }
        let uid = Array(header[0..<3]) + Array(header[4..<8])
        let version = try? await tag.transceive([0x60])
        let model = model(version: version) ?? tag.model
        return TappedTag(identity: TagIdentity(uid: uid, chip: model.rawValue), signature: .notChecked, capacity: nil)
    }

    /// The chip its GET_VERSION answer names (NTAG21x datasheet, table "GET_VERSION response"),
    /// or `nil` for chips without the command or an unknown answer.
    static func model(version: [UInt8]?) -> TagModel? {
        guard let version, version.count == 8 else { return nil }
        return TagModel.allCases.first { $0.type2Layout?.version == version }
    }
}
