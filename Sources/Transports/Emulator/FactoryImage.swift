import TagCatalog

/// The memory of a chip as it leaves the factory: pages 0–2 from the UID, the rest from the
/// catalog's factory image (through ``ChipProfile``).
enum FactoryImage {
    /// ISO/IEC 14443-3 cascade tag, which enters BCC0 for a 7-byte UID.
    static let cascadeTag: UInt8 = 0x88
    /// Page 2 byte 1, "reserved for internal data": 48h on every NXP dump in the fixtures.
    static let internalByte: UInt8 = 0x48

    /// Pages 0–2 for a 7-byte `uid`: UID0 UID1 UID2 BCC0 | UID3 … UID6 | BCC1 internal lock0 lock1,
    /// with BCC0 = CT ⊕ UID0 ⊕ UID1 ⊕ UID2 and BCC1 = UID3 ⊕ UID4 ⊕ UID5 ⊕ UID6.
    static func uidPages(_ uid: [UInt8]) -> [UInt8] {
        let bcc0 = cascadeTag ^ uid[0] ^ uid[1] ^ uid[2]
        let bcc1 = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        return [uid[0], uid[1], uid[2], bcc0, uid[3], uid[4], uid[5], uid[6], bcc1, internalByte, 0x00, 0x00]
    }

    /// A random UID with NXP's manufacturer byte (04h) first.
    /// A random NXP UID (04 …) whose UID3 is never the cascade tag 88 (``EmulatedTag/check(uid:)``).
    static func randomUID() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var uid = [0x04] + (0..<6).map { _ in UInt8.random(in: 0...255, using: &generator) }
        while uid[3] == 0x88 { uid[3] = UInt8.random(in: 0...255, using: &generator) }
        return uid
    }

    static func memory(profile: ChipProfile, uid: [UInt8], formatted: Bool) -> [UInt8] {
        let layout = profile.layout
        var memory = [UInt8](repeating: 0, count: layout.totalBytes)
        memory.replaceSubrange(0..<12, with: uidPages(uid))
        if formatted {
            memory.replaceSubrange(12..<16, with: profile.formattedCC)
            memory.replaceSubrange(16..<16 + profile.formattedData.count, with: profile.formattedData)
        }
        if let lock = profile.dynamicLock {
            memory[lock.page * 4 + 3] = profile.dynamicLockRFUI
        }
        if profile.family == .ultralightC {
            let start = UltralightCFacts.auth0Page * 4
            memory.replaceSubrange(
                start..<start + UltralightCFacts.factoryPages.count, with: UltralightCFacts.factoryPages)
        }
        if profile.family == .ultralightAES {
            let start = UltralightAESFacts.configurationPage * 4
            memory.replaceSubrange(
                start..<start + UltralightAESFacts.factoryConfiguration.count,
                with: UltralightAESFacts.factoryConfiguration)
        }
        if let config = profile.configPage, !profile.factoryConfiguration.isEmpty {
            memory.replaceSubrange(config * 4..<config * 4 + 16, with: profile.factoryConfiguration)
        }
        return memory
    }
}
