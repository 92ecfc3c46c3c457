import TagCatalog

/// NDEF-formats a blank Type 2 tag: an empty NDEF TLV (after the chip's factory Lock Control
/// TLV where it has one) and then the Capability Container.
///
/// The CC (page 3) is one-time programmable: bits can be set, never cleared. A CC that holds a
/// bit the NDEF CC does not can never be formatted, and TapCard refuses rather than half-write
/// it. The TLVs are written first and the CC last, so a tear leaves an unformatted tag (which
/// can be formatted again), never a formatted tag with stale data.
public struct Type2FormatPlan: Sendable, Equatable {
    public var writes: [PageWrite]
    public var capabilityContainer: CapabilityContainer

    /// The data area TapCard formats `model` with: its factory CC size, or all of its user
    /// memory where it ships blank.
    public static func capabilityContainer(for model: TagModel) -> CapabilityContainer? {
        guard let layout = model.type2Layout else { return nil }
        let size =
            layout.factoryCC.count == 4 && layout.factoryCC[2] != 0
            ? Int(layout.factoryCC[2]) * 8 : layout.userMemoryBytes
        return CapabilityContainer(dataAreaBytes: size)
    }

    /// The factory TLVs for `model`: NTAG213 and NTAG203 ship with a Lock Control TLV describing
    /// their dynamic lock bytes (NTAG213 `01 03 A0 0C 34`, NTAG203 `01 03 A0 10 44`).
    public static func initialTLVs(for model: TagModel) -> [UInt8] {
        switch model {
        case .ntag213: [0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE]
        case .ntag203: [0x01, 0x03, 0xA0, 0x10, 0x44, 0x03, 0x00, 0xFE]
        default: [0x03, 0x00, 0xFE]
        }
    }

    public static func make(snapshot: Type2Snapshot) throws(Type2PlanError) -> Type2FormatPlan {
        guard let model = snapshot.model, let target = capabilityContainer(for: model) else {
            throw .unknownModel
        }
        guard snapshot.memory.count >= 32, let current = snapshot.cc else { throw .memoryNotRead(upTo: 32) }
        if current.isNDEFFormatted { throw .alreadyFormatted(cc: current.bytes) }
        guard current.canBeProgrammed(to: target) else {
            throw .foreignCapabilityContainer(current: current.bytes, wanted: target.bytes)
        }
        var memory = snapshot.memory
        let tlvs = initialTLVs(for: model)
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
