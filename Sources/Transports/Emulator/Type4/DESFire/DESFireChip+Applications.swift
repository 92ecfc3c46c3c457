import TagCatalog

/// CreateApplication on the card's side (MIFARE DESFire EV1/EV3 datasheet, "CreateApplication").
extension DESFireChip {
    /// `data`: AID (3, LSB first) ‖ KeySett1 ‖ KeySett2 ‖ [ISO FID (2, LSB first) ‖ [DF name, 1–16]]
    /// when KeySett2 bit 5 is set. KeySett2 bits 3-0 are the key count (1–14), bits 7-6 the key
    /// type, bit 4 (further key settings, EV2) is not modelled (`91 9E`). The checks in order:
    /// length `91 7E`; PICC settings bit 2 or the PICC master key `91 AE`; AID 000000, key count,
    /// key type `91 9E`; AID, ISO FID or DF name already there `91 DE`; 28 applications `91 CE`;
    /// memory `91 0E`. The new application's keys are all zeros, version 0.
    static func createApplication(
        _ data: [UInt8], authenticatedKey: UInt8?, picc: inout DESFirePICC, facts: DESFireFacts,
        context: Type4CommandContext
    ) -> NTAG424Outcome {
        guard data.count >= 5 else { return .error(0x7E) }
        let settings2 = data[4]
        let withISO = settings2 & 0x20 != 0
        let rest = Array(data[5...])
        var isoFileID: UInt16?
        var dfName: [UInt8] = []
        if withISO {
            guard rest.count >= 2, rest.count <= 2 + 16 else { return .error(0x7E) }
            isoFileID = UInt16(rest[0]) | UInt16(rest[1]) << 8
            dfName = Array(rest[2...])
        } else {
            guard rest.isEmpty else { return .error(0x7E) }
        }
        guard picc.keySettings & 0x04 != 0 || authenticatedKey == 0 else { return .error(0xAE) }
        let aid = UInt32(data[2]) << 16 | UInt32(data[1]) << 8 | UInt32(data[0])
        let keyCount = Int(settings2 & 0x0F)
        guard aid != 0, (1...14).contains(keyCount), settings2 & 0x10 == 0,
            let keyType = DESFireKeyType(settingsBits: settings2)
        else { return .error(0x9E) }
        let duplicate = picc.applications.contains { other in
            other.aid == aid || (isoFileID != nil && other.isoFileID == isoFileID)
                || (!dfName.isEmpty && other.dfName == dfName)
        }
        guard !duplicate else { return .error(0xDE) }
        guard picc.applications.count < facts.maximumApplications else { return .error(0xCE) }
        guard facts.applicationBytes(keys: keyCount) <= picc.freeMemory(facts) else { return .error(0x0E) }
        if !context.tornWrite {
            let key = Type4Key(value: [UInt8](repeating: 0, count: keyType.keyLength), version: 0)
            picc.applications.append(
                DESFireApplication(
                    aid: aid, keySettings: data[3], keyType: keyType,
                    keys: [Type4Key](repeating: key, count: keyCount), isoFileID: isoFileID, dfName: dfName))
        }
        return .success()
    }
}
