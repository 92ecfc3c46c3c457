import TapCardSupport

/// The lines of a virtual Type 4 tag file (``Type4TagFile``) that hold a MIFARE DESFire card:
/// its PICC master key and settings, then each application and its files.
///
/// ```
/// PICC key type: DES                               (DES, 3K3DES or AES)
/// PICC key: 00 00 … (16 or 24 bytes)               PICC key version: 00
/// PICC key settings: 0F
/// App 000001 key settings: 0F                      (AID as six hex digits, most significant first)
/// App 000001 key type: AES
/// App 000001 ISO FID: E110                         (only when it has one)
/// App 000001 DF name: D2 76 00 00 85 01 01         (only when it has one)
/// App 000001 key 0: 00 … (16 bytes)                App 000001 key 0 version: 00
/// App 000001 file 01 ISO FID: E103                 (only when its application has ISO FIDs)
/// App 000001 file 01 settings: 00 00 00 E0 0F 00 00  (GetFileSettings: comm, access, size)
/// App 000001 file 01 data 0000: 00 0F 20 …         (rows of 32 bytes, offsets in hex)
/// ```
///
/// Applications and files come back in the order written, which is the order they were created.
/// A file's lines must stay together, and an application's too.
struct DESFireFileLines {
    private struct FileLines {
        var number: UInt8
        var isoFileID: UInt16?
        var settings: [UInt8]?
        var contents: [UInt8] = []
    }

    private struct ApplicationLines {
        var aid: UInt32
        var keySettings: UInt8?
        var keyType: DESFireKeyType?
        var isoFileID: UInt16?
        var dfName: [UInt8]?
        var keys: [Int: [UInt8]] = [:]
        var versions: [Int: UInt8] = [:]
        var files: [FileLines] = []
    }

    private var keyType: DESFireKeyType?
    private var masterKey: [UInt8]?
    private var keyVersion: UInt8?
    private var keySettings: UInt8?
    private var applications: [ApplicationLines] = []

    /// True once any DESFire line was read.
    var isEmpty: Bool {
        keyType == nil && masterKey == nil && keyVersion == nil && keySettings == nil && applications.isEmpty
    }

    // MARK: Writing

    static func encode(_ picc: DESFirePICC) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = [
            "PICC key type: \(picc.masterKeyType.rawValue)", "PICC key: \(hex(picc.masterKey.value))",
            "PICC key version: \(hex([picc.masterKey.version]))", "PICC key settings: \(hex([picc.keySettings]))",
        ]
        for application in picc.applications {
            let app = "App \(aidName(application.aid))"
            lines.append("\(app) key settings: \(hex([application.keySettings]))")
            lines.append("\(app) key type: \(application.keyType.rawValue)")
            if let fid = application.isoFileID { lines.append("\(app) ISO FID: \(Type4TagFile.fileName(fid))") }
            if !application.dfName.isEmpty { lines.append("\(app) DF name: \(hex(application.dfName))") }
            for (number, key) in application.keys.enumerated() {
                lines.append("\(app) key \(number): \(hex(key.value))")
                lines.append("\(app) key \(number) version: \(hex([key.version]))")
            }
            for file in application.files {
                let name = "\(app) file \(hex([file.number]))"
                if let fid = file.isoFileID { lines.append("\(name) ISO FID: \(Type4TagFile.fileName(fid))") }
                lines.append("\(name) settings: \(hex(file.settings))")
                var offset = 0
                while offset < file.size {
                    let end = min(file.size, offset + Type4TagFile.rowBytes)
                    lines.append(
                        "\(name) data \(Type4TagFile.offsetName(offset)): \(hex(Array(file.contents[offset..<end])))")
                    offset = end
                }
            }
        }
        return lines
    }

    static func aidName(_ aid: UInt32) -> String {
        let digits = String(aid, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    // MARK: Reading

    /// Takes one line whose key starts with `PICC` or `App`.
    mutating func take(words: [String], key: String, value: String, line: Int) throws(Type4FileError) {
        func bytes() throws(Type4FileError) -> [UInt8] {
            guard let decoded = try? Hex.decode(value) else {
                throw .badValue(line: line, key: key, reason: "'\(value)' is not hex bytes")
            }
            return decoded
        }
        func byte() throws(Type4FileError) -> UInt8 {
            let decoded = try bytes()
            guard decoded.count == 1 else { throw .badValue(line: line, key: key, reason: "one byte is expected") }
            return decoded[0]
        }
        func fid() throws(Type4FileError) -> UInt16 {
            guard value.count == 4, let number = UInt16(value, radix: 16) else {
                throw .badValue(line: line, key: key, reason: "'\(value)' is not a 4-digit file identifier")
            }
            return number
        }
        func once<T>(_ current: T?) throws(Type4FileError) {
            if current != nil { throw .duplicateKey(line: line, key: key) }
        }
        func type() throws(Type4FileError) -> DESFireKeyType {
            guard let kind = DESFireKeyType(rawValue: value) else {
                throw .badValue(line: line, key: key, reason: "'\(value)' is not DES, 3K3DES or AES")
            }
            return kind
        }
        if words.first == "PICC" {
            switch Array(words.dropFirst()) {
            case ["key", "type"]:
                try once(keyType)
                keyType = try type()
            case ["key"]:
                try once(masterKey)
                masterKey = try bytes()
            case ["key", "version"]:
                try once(keyVersion)
                keyVersion = try byte()
            case ["key", "settings"]:
                try once(keySettings)
                keySettings = try byte()
            default:
                throw .unknownKey(line: line, key: key)
            }
            return
        }
        guard words.count >= 3, words[1].count == 6, let aid = UInt32(words[1], radix: 16) else {
            throw .badValue(line: line, key: key, reason: "'\(words.count > 1 ? words[1] : "")' is not a 6-digit AID")
        }
        if applications.last?.aid != aid {
            guard !applications.contains(where: { $0.aid == aid }) else {
                throw .badValue(
                    line: line, key: key, reason: "application \(words[1]) was already given; keep its lines together")
            }
            applications.append(ApplicationLines(aid: aid))
        }
        let last = applications.count - 1
        let rest = Array(words.dropFirst(2))
        switch rest {
        case ["key", "settings"]:
            try once(applications[last].keySettings)
            applications[last].keySettings = try byte()
        case ["key", "type"]:
            try once(applications[last].keyType)
            applications[last].keyType = try type()
        case ["ISO", "FID"]:
            try once(applications[last].isoFileID)
            applications[last].isoFileID = try fid()
        case ["DF", "name"]:
            try once(applications[last].dfName)
            applications[last].dfName = try bytes()
        default:
            if rest.count >= 2, rest[0] == "key", let number = Int(rest[1]), (0..<14).contains(number) {
                if rest.count == 2 {
                    try once(applications[last].keys[number])
                    applications[last].keys[number] = try bytes()
                } else if rest.count == 3, rest[2] == "version" {
                    try once(applications[last].versions[number])
                    applications[last].versions[number] = try byte()
                } else {
                    throw .unknownKey(line: line, key: key)
                }
                return
            }
            guard rest.count >= 3, rest[0] == "file", rest[1].count == 2, let number = UInt8(rest[1], radix: 16) else {
                throw .unknownKey(line: line, key: key)
            }
            try takeFile(
                number, Array(rest.dropFirst(2)), application: last, key: key, line: line, bytes: bytes, fid: fid)
        }
    }

    private mutating func takeFile(
        _ number: UInt8, _ rest: [String], application: Int, key: String, line: Int,
        bytes: () throws(Type4FileError) -> [UInt8], fid: () throws(Type4FileError) -> UInt16
    ) throws(Type4FileError) {
        if applications[application].files.last?.number != number {
            guard !applications[application].files.contains(where: { $0.number == number }) else {
                throw .badValue(line: line, key: key, reason: "file \(rest) was already given; keep its lines together")
            }
            applications[application].files.append(FileLines(number: number))
        }
        let last = applications[application].files.count - 1
        switch (rest.first, rest.count) {
        case ("ISO", 2) where rest[1] == "FID":
            if applications[application].files[last].isoFileID != nil { throw .duplicateKey(line: line, key: key) }
            applications[application].files[last].isoFileID = try fid()
        case ("settings", 1):
            if applications[application].files[last].settings != nil { throw .duplicateKey(line: line, key: key) }
            let settings = try bytes()
            guard settings.count == 7, settings[0] == 0x00 else {
                throw .badValue(line: line, key: key, reason: "a standard data file's settings are 7 bytes starting 00")
            }
            applications[application].files[last].settings = settings
        case ("data", 2):
            guard let settings = applications[application].files[last].settings else {
                throw .badValue(line: line, key: key, reason: "the file's settings must come before its data")
            }
            let size = Int(settings[4]) | Int(settings[5]) << 8 | Int(settings[6]) << 16
            let have = applications[application].files[last].contents.count
            guard let offset = Int(rest[1], radix: 16), offset == have else {
                throw .badValue(
                    line: line, key: key,
                    reason: "rows must follow each other; the next one starts at \(Type4TagFile.offsetName(have))")
            }
            let decoded = try bytes()
            guard offset + decoded.count <= size else {
                throw .badValue(line: line, key: key, reason: "the row runs past the file's \(size) bytes")
            }
            applications[application].files[last].contents += decoded
        default:
            throw .unknownKey(line: line, key: key)
        }
    }

    /// The card the lines describe, `nil` when there were none.
    func picc() throws(Type4FileError) -> DESFirePICC? {
        guard !isEmpty else { return nil }
        guard let keyType else { throw .missingKey("PICC key type") }
        guard let masterKey else { throw .missingKey("PICC key") }
        guard let keyVersion else { throw .missingKey("PICC key version") }
        guard let keySettings else { throw .missingKey("PICC key settings") }
        var built: [DESFireApplication] = []
        for lines in applications {
            let app = "App \(Self.aidName(lines.aid))"
            guard let settings = lines.keySettings else { throw .missingKey("\(app) key settings") }
            guard let type = lines.keyType else { throw .missingKey("\(app) key type") }
            var keys: [Type4Key] = []
            for number in 0..<lines.keys.count {
                guard let value = lines.keys[number] else { throw .missingKey("\(app) key \(number)") }
                guard let version = lines.versions[number] else { throw .missingKey("\(app) key \(number) version") }
                keys.append(Type4Key(value: value, version: version))
            }
            if let extra = lines.versions.keys.first(where: { lines.keys[$0] == nil }) {
                throw .missingKey("\(app) key \(extra)")
            }
            var files: [DESFireDataFile] = []
            for file in lines.files {
                let name = "\(app) file \(Hex.encode([file.number], uppercase: true))"
                guard let settings = file.settings else { throw .missingKey("\(name) settings") }
                let size = Int(settings[4]) | Int(settings[5]) << 8 | Int(settings[6]) << 16
                guard file.contents.count == size else {
                    throw .missingKey("\(name) data \(Type4TagFile.offsetName(file.contents.count))")
                }
                files.append(
                    DESFireDataFile(
                        number: file.number, isoFileID: file.isoFileID, communication: settings[1],
                        accessRights: Type4AccessRights(bytes: settings[2], settings[3]), contents: file.contents))
            }
            built.append(
                DESFireApplication(
                    aid: lines.aid, keySettings: settings, keyType: type, keys: keys, isoFileID: lines.isoFileID,
                    dfName: lines.dfName ?? [], files: files))
        }
        return DESFirePICC(
            masterKeyType: keyType, masterKey: Type4Key(value: masterKey, version: keyVersion),
            keySettings: keySettings,
            applications: built)
    }
}
