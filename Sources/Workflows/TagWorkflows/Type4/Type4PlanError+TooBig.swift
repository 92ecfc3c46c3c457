import Type4

extension Type4PlanError: MessageTooBigRefusal {
    /// The NDEF file's capacity that `tooBig` names; `nil` for the other refusals.
    public var capacityWhenTooBig: Int? {
        if case .tooBig(_, let capacity, _, _) = self { return capacity }
        return nil
    }
}
