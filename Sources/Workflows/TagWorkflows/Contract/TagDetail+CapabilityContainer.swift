/// The bytes a tag's NDEF area starts from, as read: Type 2's page 3, Type 4's CC file, Type 5's
/// CC, Type 3's attribute block. `nil` for a MIFARE Classic (its MAD is a directory, not a header)
/// and when the tag did not give them. What `watch` shows beside the chip, for every type from
/// the one report.
extension TagDetail {
    public var capabilityContainerBytes: [UInt8]? {
        switch self {
        case .type2Read(let report): report.capabilityContainerBytes
        case .type2Inspection(let inspection):
            inspection.snapshot.memory.count >= 16 ? Array(inspection.snapshot.memory[12..<16]) : nil
        case .type3Read(let report): report.snapshot?.attribute.bytes
        case .type3Inspection(let inspection): inspection.read.snapshot?.attribute.bytes
        case .type4Read(let report): report.snapshot?.capabilityContainerBytes
        case .type4Inspection(let inspection): inspection.read.snapshot?.capabilityContainerBytes
        case .type5Read(let report): report.snapshot.cc?.bytes
        case .type5Inspection(let inspection): inspection.read.snapshot.cc?.bytes
        case .classicRead, .classicInspection: nil
        }
    }
}
