import TagCatalog
import TagFrames

/// NDEF-formats a FeliCa Lite-S as nfcpy `tt3_sony.py` `FelicaLite._format` does (FelicaLiteS
/// inherits it), one Update per block through 0009:
///
/// 1. MC with SYS_OP bit 0 set, unless already set (`.enableNDEF`): the card answers polling for
///    12FC from here on; refused when MC_ALL ≠ FF (the MC is read-only);
/// 2. the attribute block: Ver 10, Nbr 4, Nbw 1, Nmaxb = the S_PAD blocks after S_PAD0 that MC_SP
///    leaves writable consecutively (13 on a fresh card), RW flag 01, Ln 0 (`.attribute`);
///    refused when MC_SP makes S_PAD0 read-only;
/// 3. with `zeroData`, blocks 1 … Nmaxb set to zeros (`.zeroData`, nfcpy's `wipe=0`).
///
/// Tear safety: before step 2 lands the card reads as it did (its old block 0); from step 2 on it
/// reads as an empty NDEF tag, and step 3 writes behind Ln 0, so a tear anywhere leaves old or
/// empty. (nfcpy's order, kept.)
public struct Type3FormatPlan: Sendable, Hashable {
    public var writes: [Type3ConfigurationWrite]

    public func commands(idm: [UInt8]) -> [FeliCaCommand] { writes.map { $0.command(idm: idm) } }

    /// The attribute block nfcpy's formatter writes for a Lite-S whose MC is `mc`.
    public static func attributeBlock(memoryConfiguration mc: FeliCaLiteSMemoryConfiguration) -> Type3AttributeBlock {
        var blocks = 0
        while blocks < 13 && mc.isWritable(scratchPad: blocks + 1) { blocks += 1 }
        return Type3AttributeBlock(version: 0x10, blocksPerCheck: 4, blocksPerUpdate: 1, maximumBlocks: blocks)
    }

    public static func make(memoryConfiguration mc: FeliCaLiteSMemoryConfiguration, zeroData: Bool = false)
        -> Result<Type3FormatPlan, Type3PlanError>
    {
        guard mc.isWritable(scratchPad: 0) else { return .failure(.readOnlyBlocks([0])) }
        var writes: [Type3ConfigurationWrite] = []
        if !mc.isNDEFEnabled {
            guard mc.isMemoryConfigurationWritable else { return .failure(.memoryConfigurationReadOnly) }
            writes.append(
                Type3ConfigurationWrite(
                    block: FeliCaLiteS.memoryConfiguration, bytes: mc.enablingNDEF.bytes, step: .enableNDEF))
        }
        let attribute = attributeBlock(memoryConfiguration: mc)
        writes.append(Type3ConfigurationWrite(block: 0, bytes: attribute.bytes, step: .attribute))
        if zeroData && attribute.maximumBlocks > 0 {
            for block in 1...attribute.maximumBlocks {
                writes.append(
                    Type3ConfigurationWrite(
                        block: block, bytes: [UInt8](repeating: 0, count: Type3Facts.blockSize), step: .zeroData))
            }
        }
        return .success(Type3FormatPlan(writes: writes))
    }
}
