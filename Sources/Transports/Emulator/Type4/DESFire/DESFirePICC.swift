import TagCatalog

/// Everything a MIFARE DESFire card keeps at the PICC level: its master key, its key settings and
/// its applications. This is the card's EEPROM as the emulator models it, kept in
/// ``Type4Memory/picc`` and saved with the virtual tag.
public struct DESFirePICC: Sendable, Equatable {
    /// The PICC master key's kind. A factory MIFARE DESFire EV3's PICC master key is a DES/2K3DES
    /// key of 16 zero bytes: NXP's delivery configuration as the DESFire EV1–EV3 datasheets give it
    /// (the datasheet is not in shared/reference, so this is taken as stated there, not re-read
    /// here). AuthenticateEV2First needs an AES key, so it cannot prove a factory key; tests and
    /// fixtures set an AES key here (``withAESMasterKey(_:)``).
    public var masterKeyType: DESFireKeyType
    /// The PICC master key and its version.
    public var masterKey: Type4Key
    /// The PICC key settings: bit 3 configuration changeable, bit 2 CreateApplication without the
    /// PICC master key, bit 1 GetApplicationIDs and GetKeySettings without it, bit 0 master key
    /// changeable (the bits as Baltech's reference manual, "DesfireFormatMasterPiccKeySettings",
    /// names them). `0F` as shipped.
    public var keySettings: UInt8
    /// The applications, in the order they were created.
    public var applications: [DESFireApplication]

    public init(
        masterKeyType: DESFireKeyType, masterKey: Type4Key, keySettings: UInt8, applications: [DESFireApplication]
    ) {
        self.masterKeyType = masterKeyType
        self.masterKey = masterKey
        self.keySettings = keySettings
        self.applications = applications
    }

    /// The PICC key settings a card ships with: `0F`.
    public static let factoryKeySettings: UInt8 = 0x0F

    /// A card as it ships: DES PICC master key of 16 zero bytes, version 0, key settings `0F`, no
    /// application.
    public static let factory = DESFirePICC(
        masterKeyType: .des, masterKey: Type4Key(), keySettings: factoryKeySettings, applications: [])

    /// This card with an AES PICC master key `key` (16 bytes), version 0: what a card looks like
    /// after its issuer changed the master key to AES (tests and fixtures).
    public func withAESMasterKey(_ key: [UInt8]) -> DESFirePICC {
        var card = self
        card.masterKeyType = .aes
        card.masterKey = Type4Key(value: key, version: 0)
        return card
    }

    /// The application with AID `aid`.
    public func application(_ aid: UInt32) -> DESFireApplication? { applications.first { $0.aid == aid } }

    /// The index of the application with AID `aid`.
    func index(ofApplication aid: UInt32) -> Int? { applications.firstIndex { $0.aid == aid } }

    /// The memory the applications and their files take, per `facts`.
    public func usedBytes(_ facts: DESFireFacts) -> Int {
        applications.reduce(0) { total, application in
            total + facts.applicationBytes(keys: application.keys.count)
                + application.files.reduce(0) { $0 + facts.fileBytes($1.size) }
        }
    }

    /// What GetFreeMemory answers: the factory free memory less what is used, never below 0.
    public func freeMemory(_ facts: DESFireFacts) -> Int { max(0, facts.factoryFreeMemory - usedBytes(facts)) }

    /// True when a key differs from all zeros: the file then holds a secret.
    public var holdsSecrets: Bool {
        ([masterKey] + applications.flatMap(\.keys)).contains { $0.value.contains { $0 != 0 } }
    }

    /// Why this card is not one the emulator can hold (a sentence), or `nil` when it is.
    public func problem(_ facts: DESFireFacts) -> String? {
        guard masterKey.value.count == masterKeyType.keyLength else {
            return
                "the PICC master key has \(masterKey.value.count) bytes; a \(masterKeyType.rawValue) key has \(masterKeyType.keyLength)"
        }
        guard applications.count <= facts.maximumApplications else {
            return "it has \(applications.count) applications; the card holds \(facts.maximumApplications)"
        }
        var aids: Set<UInt32> = []
        for application in applications {
            let name = String(application.aid, radix: 16, uppercase: true)
            guard (1...0xFF_FFFF).contains(application.aid), aids.insert(application.aid).inserted else {
                return "application \(name) is not a distinct AID of 000001 to FFFFFF"
            }
            guard (1...14).contains(application.keys.count),
                application.keys.allSatisfy({ $0.value.count == application.keyType.keyLength })
            else {
                return
                    "application \(name) must have 1 to 14 \(application.keyType.rawValue) keys of \(application.keyType.keyLength) bytes"
            }
            guard application.dfName.count <= 16, application.dfName.isEmpty || application.isoFileID != nil else {
                return "application \(name) has a DF name without an ISO file ID, or one longer than 16 bytes"
            }
            var numbers: Set<UInt8> = []
            for file in application.files {
                guard file.number <= 31, numbers.insert(file.number).inserted, (1...0xFF_FFFF).contains(file.size),
                    (file.isoFileID != nil) == (application.isoFileID != nil)
                else {
                    return
                        "application \(name) file \(file.number) is not a distinct file 0–31 of 1 to 16777215 bytes with an ISO file ID exactly when its application has one"
                }
            }
        }
        guard usedBytes(facts) <= facts.factoryFreeMemory else {
            return "its applications take \(usedBytes(facts)) bytes; the card has \(facts.factoryFreeMemory)"
        }
        return nil
    }
}
