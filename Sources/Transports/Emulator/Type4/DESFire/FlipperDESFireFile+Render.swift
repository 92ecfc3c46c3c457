import TagCatalog
import TapCardSupport

extension FlipperDESFireFile {
    /// `tag` (a MIFARE DESFire) as the firmware's `Mifare DESFire` file, in the field order of
    /// `mf_desfire_save`, and what the file cannot carry, one sentence each.
    ///
    /// The format has no keys: only each key's version is written. The ISO 14443-4A part is
    /// written as later firmwares do (`T0`, `TA(1)`, …). `Flags` (KeySett2's high nibble: the key
    /// type and whether the application has ISO file identifiers) is written only when it is not
    /// 00, as the firmware's documented example leaves it out and its reader takes it as optional.
    /// `PICC Free Memory` is left out: the emulator's figure is a model, not the card's answer,
    /// and the reader takes the line as optional. Every file's data is written, as a Flipper
    /// writes a file it could read.
    public static func render(_ tag: EmulatedType4Tag) throws(EmulatorError) -> (text: String, dropped: [String]) {
        guard let picc = tag.picc, let parts = tag.facts.versionParts, parts.count == 2,
            let tail = tag.facts.versionPart3Tail
        else {
            throw .type4Memory("a Flipper 'Mifare DESFire' file holds a MIFARE DESFire card, which this tag is not")
        }
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4",
            "# Device type can be ISO14443-3A, ISO14443-3B, ISO14443-4A, ISO14443-4B, ISO15693-3, FeliCa, NTAG/Ultralight, Mifare Classic, Mifare Plus, Mifare DESFire, SLIX, ST25TB",
            "Device type: \(deviceType)", "# UID is common for all formats", "UID: \(hex(tag.uid))",
            "# ISO14443-3A specific data", "ATQA: \(hex(tag.facts.atqa))", "SAK: \(hex([tag.facts.sak]))",
        ]
        lines += FlipperATS.lines(tag.facts.ats)
        lines += ["# Mifare DESFire specific data", "PICC Version: \(hex(parts[0] + parts[1] + tag.uid + tail))"]
        lines += keySettings(
            prefix: "PICC", settings: picc.keySettings, flags: picc.masterKeyType.settingsBits >> 4, maxKeys: 1,
            versions: [picc.masterKey.version])
        var dropped = ["the PICC master key and every application key (the format holds their versions only)"]
        lines.append("Application Count: \(picc.applications.count)")
        if !picc.applications.isEmpty {
            lines.append("Application IDs: \(hex(picc.applications.flatMap(\.aidBytes)))")
        }
        for application in picc.applications {
            let prefix = "Application " + Hex.encode(application.aidBytes, uppercase: false)
            lines += keySettings(
                prefix: prefix, settings: application.keySettings, flags: application.keySettings2 >> 4,
                maxKeys: application.keys.count, versions: application.keys.map(\.version))
            // AN11004's NDEF application comes back whole: the import assumes its identifiers.
            let an11004 =
                application.aid == 0x000001 && application.isoFileID == 0xE110
                && application.dfName == Type4Facts.ndefApplication
                && application.files.allSatisfy {
                    $0.isoFileID == ($0.number == 1 ? 0xE103 : $0.number == 2 ? 0xE104 : nil)
                }
            if !an11004, application.isoFileID != nil || !application.dfName.isEmpty {
                let aid = DESFireFileLines.aidName(application.aid)
                dropped.append("application \(aid)'s ISO file identifiers and DF name (the format has none)")
            }
            guard !application.files.isEmpty else { continue }
            lines.append("\(prefix) File IDs: \(hex(application.files.map(\.number)))")
            for file in application.files {
                let filePrefix = "\(prefix) File \(file.number)"
                lines += [
                    "\(filePrefix) Type: 00", "\(filePrefix) Communication Settings: \(hex([file.communication]))",
                    "\(filePrefix) Access Rights: \(hex(file.accessRights.bytes))", "\(filePrefix) Size: \(file.size)",
                ]
                if file.size > 0 { lines.append("\(filePrefix): \(hex(file.contents))") }
            }
        }
        return (lines.joined(separator: "\n") + "\n", dropped)
    }

    private static func keySettings(prefix: String, settings: UInt8, flags: UInt8, maxKeys: Int, versions: [UInt8])
        -> [String]
    {
        func hex(_ byte: UInt8) -> String { Hex.encode([byte], uppercase: true) }
        var lines = [
            "\(prefix) Change Key ID: \(hex(settings >> 4))",
            "\(prefix) Config Changeable: \(settings & 0x08 != 0)",
            "\(prefix) Free Create Delete: \(settings & 0x04 != 0)",
            "\(prefix) Free Directory List: \(settings & 0x02 != 0)",
            "\(prefix) Key Changeable: \(settings & 0x01 != 0)",
        ]
        if flags != 0 { lines.append("\(prefix) Flags: \(hex(flags))") }
        lines.append("\(prefix) Max Keys: \(hex(UInt8(truncatingIfNeeded: maxKeys)))")
        for (index, version) in versions.enumerated() {
            lines.append("\(prefix) Key \(index) Version: \(hex(version))")
        }
        return lines
    }
}
