import Type5

extension Type5PlanError: MessageTooBigRefusal {
    /// The capacity the CC reports that `tooBig` names; `nil` for the other refusals.
    public var capacityWhenTooBig: Int? {
        if case .tooBig(_, let capacity, _, _) = self { return capacity }
        return nil
    }
}
