import Type3

extension Type3PlanError: MessageTooBigRefusal {
    /// The capacity (the attribute block's Nmaxb × 16) that `tooBig` names; `nil` for the other
    /// refusals.
    public var capacityWhenTooBig: Int? {
        if case .tooBig(_, let capacity, _) = self { return capacity }
        return nil
    }
}
