import TLVArea

/// The iOS and Android rules for Type 5 NDEF, as data: what a tag's CC and TLV layout would make
/// either platform refuse (sources on each ``Type5CompatibilityWarning`` case), and the one fix
/// TapCard offers, ``fixForIOS(snapshot:)``.
public enum Type5Compatibility {
    /// The warnings for what `snapshot` read, in a fixed order: CC presence, read access, MBREAD,
    /// CC form, TLV types Android refuses, NDEF TLV position.
    public static func warnings(for snapshot: Type5Snapshot) -> [Type5CompatibilityWarning] {
        guard let cc = snapshot.cc else { return [.noCapabilityContainer] }
        var warnings: [Type5CompatibilityWarning] = []
        if !cc.isReadable { warnings.append(.readAccessNotFree(cc.readAccess)) }
        if cc.features.contains(.multipleBlockRead) { warnings.append(.multipleBlockReadSet) }
        if cc.length == 8 || cc.usesExtendedCommands {
            warnings.append(.extendedCapabilityContainer(length: cc.length, magic: cc.magic))
        }
        guard let walk = snapshot.walk else { return warnings }
        for tlv in walk.tlvs {
            if case .ndef = tlv.kind { break }
            switch tlv.kind {
            case .null, .proprietary, .terminator, .ndef: continue
            case .lockControl, .memoryControl, .unknown:
                warnings.append(.androidRejectsTLVType(offset: tlv.offset, typeByte: tlv.kind.typeByte))
            }
        }
        if case .typeNotAllowed(let offset, let typeByte) = walk.problem, walk.ndef == nil {
            warnings.append(.androidRejectsTLVType(offset: offset, typeByte: typeByte))
        }
        if walk.ndef?.offset != 0 { warnings.append(.ndefNotAtBlockOne(offset: walk.ndef?.offset)) }
        return warnings
    }

    /// Rewrites the CC block(s) with MBREAD cleared and nothing else changed; no writes when it is
    /// already clear. Refused when there is no CC, the CC's write access is not free, or a CC
    /// block is locked.
    public static func fixForIOS(snapshot: Type5Snapshot) -> Result<[Type5BlockWrite], Type5PlanError> {
        let cc: Type5CapabilityContainer
        switch snapshot.capabilityContainer {
        case .success(let parsed): cc = parsed
        case .failure(.noMagic(let bytes)): return .failure(.notFormatted(blockZero: bytes))
        case .failure(let error): return .failure(.unreadableCC(error))
        }
        guard cc.features.contains(.multipleBlockRead) else { return .success([]) }
        guard cc.writeAccess == .free else { return .failure(.readOnlyByCC(access: cc.writeAccess)) }
        var fixed = cc
        fixed.features.remove(.multipleBlockRead)
        // CC3 (the feature byte) lies in block 0 for every block size.
        let size = snapshot.blockSize
        guard snapshot.blockSecurity[0] != true else { return .failure(.blockLocked(block: 0)) }
        guard let block = snapshot.block(0) else {
            return .failure(.memoryNotRead(read: snapshot.memory.count, needed: size))
        }
        var bytes = block
        bytes[3] = fixed.features.rawValue
        return .success([Type5BlockWrite(block: 0, bytes: bytes, role: .capabilityContainer, extended: false)])
    }
}
