extension WritePreflightError: MessageTooBigRefusal {
    /// The capacity ``tooBig(needed:capacity:source:)`` names; `nil` for the other refusals.
    public var capacityWhenTooBig: Int? {
        if case .tooBig(_, let capacity, _) = self { return capacity }
        return nil
    }
}
