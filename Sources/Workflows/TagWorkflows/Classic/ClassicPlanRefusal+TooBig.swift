import MIFAREClassic
import TagCatalog

extension ClassicPlanRefusal: MessageTooBigRefusal {
    /// The largest message the NDEF sectors hold (as the read reports it) when the plan said the
    /// message is too big; `nil` for the other refusals.
    public var capacityWhenTooBig: Int? {
        if case .plan(.tooBig(_, let capacity, _, _)) = self {
            return NDEFCapacity.type2MaximumMessage(dataAreaBytes: capacity)
        }
        return nil
    }
}
