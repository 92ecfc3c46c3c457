import TagCatalog

/// NDEF-formats a blank Type 2 tag as the catalog says a formatted tag of its model looks
/// (``/TagCatalog/TagModel/formattedDataArea``): an empty NDEF TLV after the chip's Lock Control
/// TLV where it has one, then the Capability Container.
///
/// The CC (page 3) is one-time programmable: bits can be set, never cleared. A CC that holds a
/// bit the NDEF CC does not can never be formatted, and TapCard refuses rather than half-write
/// it. The TLVs are written first and the CC last, so a tear leaves an unformatted tag (which
/// can be formatted again), never a formatted tag with stale data. A tag whose CC is already the
/// one TapCard writes is formatted: the plan has no writes (running a finished format again sends
/// nothing); a tag formatted with another CC is refused.
public struct Type2FormatPlan: Sendable, Equatable {
    public var writes: [PageWrite]
    public var capabilityContainer: CapabilityContainer

    /// The data area TapCard formats `model` with: the catalog's formatted CC
    /// (``/TagCatalog/TagModel/formattedCC``), the factory CC where the chip ships formatted, all of
    /// its user memory where it ships blank.
    public static func capabilityContainer(for model: TagModel) -> CapabilityContainer? {
        guard let cc = model.formattedCC else { return nil }
        return CapabilityContainer(bytes: cc)
    }

    public static func make(snapshot: Type2Snapshot) throws(Type2PlanError) -> Type2FormatPlan {
        guard let model = snapshot.model, let target = capabilityContainer(for: model) else {
            throw .unknownModel
        }
        guard snapshot.memory.count >= 32, let current = snapshot.cc else { throw .memoryNotRead(upTo: 32) }
        if current.isNDEFFormatted {
            // TapCard's own CC is the format's last write: the format is finished, and running it
            // again has nothing to send. Any other formatted CC is another tool's: refused.
            guard current.bytes == target.bytes else { throw .alreadyFormatted(cc: current.bytes) }
            return Type2FormatPlan(writes: [], capabilityContainer: target)
        }
        guard current.canBeProgrammed(to: target) else {
            throw .foreignCapabilityContainer(current: current.bytes, wanted: target.bytes)
        }
        var memory = snapshot.memory
        // The catalog's formatted data area: the chip's Lock Control TLV where it has one
        // (NTAG203/212/213, Ultralight C), then an empty NDEF TLV and a Terminator.
        guard let tlvs = model.formattedDataArea else { throw .unknownModel }
        for (index, byte) in tlvs.enumerated() { memory[Type2Page.dataAreaStart + index] = byte }
        var writes: [PageWrite] = []
        let lastPage = Type2Page.page(ofByte: Type2Page.dataAreaStart + tlvs.count - 1)
        for page in Type2Page.firstDataPage...lastPage {
            let range = Type2Page.byteRange(ofPage: page)
            if Array(memory[range]) != Array(snapshot.memory[range]) {
                writes.append(PageWrite(page: page, bytes: Array(memory[range]), role: .data))
            }
        }
        writes.append(PageWrite(page: 3, bytes: target.bytes, role: .capabilityContainer))
        for write in writes where snapshot.isLocked(page: write.page) == true {
            throw .pageLocked(page: write.page)
        }
        return Type2FormatPlan(writes: writes, capabilityContainer: target)
    }
}
