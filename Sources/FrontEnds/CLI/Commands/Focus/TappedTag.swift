import Focus
import Foundation
import Store
import TagCatalog
import TapCardSupport

/// What a tap reads from a tag: who it is (UID + chip), the originality-signature result when
/// checked, and the capacity when known. NDEF content is deliberately not read: it never
/// decides identity.
struct TappedTag {
    var identity: TagIdentity
    var signature: SignatureCheck
    var capacity: CapacityRecord?

    /// The virtual tag file a tap uses without `--tag`: `virtual-tag.nfc` in the data directory.
    static func defaultPath(io: some CommandIO) -> String {
        StoreLocation.dataDirectory(environment: io.environment) + "/virtual-tag.nfc"
    }

    static let optionHelp =
        "  --tag FILE          The virtual tag to tap (a Flipper Zero .nfc file; default: virtual-tag.nfc in\n"
        + "                      the data directory).\n"

    /// Takes `--tag` from `arguments`, or the default virtual tag.
    static func path(_ arguments: inout Arguments, io: some CommandIO) throws(UsageError) -> String {
        try arguments.option("--tag") ?? defaultPath(io: io)
    }

    /// Reads the tag at `path`, as a phone tap would.
    ///
    /// INTERIM: until the tag engine (identify over the emulator's transport) is on main, this
    /// reads the UID and chip type from the Flipper `.nfc` header directly. It is the one
    /// function to swap for `VirtualTagFile.load` + the engine's identify/inspect.
    static func read(path: String) throws(TagFileError) -> TappedTag {
        guard let data = FileManager.default.contents(atPath: path) else { throw .missing(path: path) }
        let text = String(decoding: data, as: UTF8.self)
        var uid: [UInt8]? = nil
        var deviceType = ""
        var version: [UInt8]? = nil
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "UID": uid = try? Hex.decode(value)
            case "Device type", "NTAG/Ultralight type":
                if deviceType.isEmpty || key != "Device type" { deviceType = value }
            case "Mifare version": version = try? Hex.decode(value)
            default: break
            }
        }
        guard let uid, uid.count == 7 || uid.count == 4 || uid.count == 10 else { throw .noUID(path: path) }
        guard let model = model(deviceType: deviceType, version: version) else {
            throw .unknownChip(path: path, deviceType: deviceType)
        }
        return TappedTag(identity: TagIdentity(uid: uid, chip: model.rawValue), signature: .notChecked, capacity: nil)
    }

    /// The chip from GET_VERSION bytes when present (what the chip itself says), else from the
    /// file's type name.
    static func model(deviceType: String, version: [UInt8]?) -> TagModel? {
        if let version, version.count == 8,
            let byVersion = TagModel.allCases.first(where: { $0.type2Layout?.version == version })
        {
            return byVersion
        }
        let wanted = deviceType.lowercased().filter { $0.isLetter || $0.isNumber }
        return TagModel.allCases.first { model in
            model.rawValue.filter { $0.isLetter || $0.isNumber } == wanted
                || model.displayName.lowercased().filter { $0.isLetter || $0.isNumber } == wanted
        }
    }
}
