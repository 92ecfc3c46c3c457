/// The facts of a MIFARE DESFire card that a Type 4 tag does not have: how much memory it has, how
/// it hands it out, and how many applications it takes. Some are from NXP, some are assumptions
/// the emulator needs and no stored source gives; each says which.
public struct DESFireFacts: Sendable, Equatable {
    /// The memory NXP advertises ("4 KB" for an MF3DH43): the GetVersion storage size byte `18`
    /// says exactly 2^12 = 4096 bytes (MIFARE DESFire GetVersion, read by `DESFireStorageSize`).
    public var memoryBytes: Int
    /// What GetFreeMemory answers on a card without applications. ASSUMED: no stored source gives
    /// a factory figure, so it is ``memoryBytes`` minus ``systemOverheadBytes``.
    public var factoryFreeMemory: Int { memoryBytes - systemOverheadBytes }
    /// The bytes of ``memoryBytes`` a factory card does not offer to GetFreeMemory. ASSUMED (0 on
    /// the EV3 4K: the advertised 4 KB is taken as the free memory of an empty card).
    public var systemOverheadBytes: Int
    /// The unit in which files take memory: a file of n bytes uses n rounded up to it. ASSUMED (32
    /// bytes): the figure is widely repeated for DESFire EEPROM, but no stored source states it.
    public var allocationUnit: Int
    /// The most applications the card holds: 28 (the PICC level not counted), the 29th is refused
    /// with `91 CE` count error (NXP's MIFARE forum answer on DESFire EV1, mifare.net reply 17822).
    public var maximumApplications: Int
    /// The NDEF file size TapCard's emulator uses when it makes a card already laid out per
    /// AN11004 (`tapcard sim new` without `--blank`): a choice, not a fact of the card.
    public var formattedNDEFFileBytes: Int

    public init(
        memoryBytes: Int, systemOverheadBytes: Int, allocationUnit: Int, maximumApplications: Int,
        formattedNDEFFileBytes: Int
    ) {
        self.memoryBytes = memoryBytes
        self.systemOverheadBytes = systemOverheadBytes
        self.allocationUnit = allocationUnit
        self.maximumApplications = maximumApplications
        self.formattedNDEFFileBytes = formattedNDEFFileBytes
    }

    /// The memory a file of `size` bytes takes: `size` rounded up to ``allocationUnit``.
    public func fileBytes(_ size: Int) -> Int {
        let unit = max(1, allocationUnit)
        return (max(0, size) + unit - 1) / unit * unit
    }

    /// The memory an application with `keys` keys takes before its files. ASSUMED: one allocation
    /// unit for its directory entry, plus one per four keys.
    public func applicationBytes(keys: Int) -> Int { (1 + (max(0, keys) + 3) / 4) * max(1, allocationUnit) }
}

extension DESFireFacts {
    /// A 4 KB card (EV1 MF3ICD41, EV3 MF3DH43): 4096 bytes, 32-byte units, 28 applications, and a
    /// 2048-byte NDEF file when the emulator lays one out.
    public static let fourKilobytes = DESFireFacts(
        memoryBytes: 4096, systemOverheadBytes: 0, allocationUnit: 32, maximumApplications: 28,
        formattedNDEFFileBytes: 2048)
}
