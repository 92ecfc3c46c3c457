import TagFrames

/// Makes a FeliCa Lite-S read-only, in two labelled Updates:
///
/// 1. `.readOnlyFlag`: the attribute block with RW flag 00 and a fresh checksum (nfcpy
///    `FelicaLiteS._protect` with `protect_from` 0: `attribute_data[10] = 0x00`). Reversible: a
///    reader may write 01 back while block 0 and MC are writable. Skipped when the flag is 00.
/// 2. `.lockMemory`: MC with MC_SP bits 0–13 cleared (S_PAD0–13 read-only) and MC_ALL 00 (the
///    system blocks and MC read-only). **Permanent**: after it lands nothing can write the MC
///    again. nfcpy sets MC_ALL 00 the same way but, on a Lite-S, protects the S_PAD blocks with the
///    write-with-MAC bits (bytes 8–11) instead of MC_SP, so the card-key holder can still write;
///    TapCard has no MAC support (see the module article), so it clears MC_SP: read-only for all.
///
/// Order: the flag first, because once MC lands S_PAD0 cannot be written. A tear of step 1 keeps
/// the old block (the flag and checksum are in bytes 8–15); a tear of step 2 leaves the card
/// read-only by its flag, with MC old or new.
public struct Type3LockPlan: Sendable, Hashable {
    public var writes: [Type3ConfigurationWrite]

    public func commands(idm: [UInt8]) -> [FeliCaCommand] { writes.map { $0.command(idm: idm) } }

    public static func make(attribute: Type3AttributeBlock, memoryConfiguration mc: FeliCaLiteSMemoryConfiguration)
        -> Result<Type3LockPlan, Type3PlanError>
    {
        guard mc.isMemoryConfigurationWritable else { return .failure(.memoryConfigurationReadOnly) }
        var writes: [Type3ConfigurationWrite] = []
        if !attribute.isReadOnly {
            guard mc.isWritable(scratchPad: 0) else { return .failure(.readOnlyBlocks([0])) }
            var flagged = attribute
            flagged.accessFlag = Type3AttributeBlock.readOnly
            writes.append(Type3ConfigurationWrite(block: 0, bytes: flagged.bytes, step: .readOnlyFlag))
        }
        writes.append(
            Type3ConfigurationWrite(
                block: FeliCaLiteS.memoryConfiguration, bytes: mc.lockingEverything.bytes, step: .lockMemory))
        return .success(Type3LockPlan(writes: writes))
    }
}
