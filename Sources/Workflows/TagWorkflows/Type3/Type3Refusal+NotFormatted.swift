extension Type3Refusal: NotFormattedRefusal {
    /// How TapCard knows the card is not formatted, for `notFormatted`; `nil` for the other
    /// refusals.
    public var notFormattedFinding: String? {
        guard case .notFormatted(let reason) = self else { return nil }
        return "The card is not NDEF-formatted: \(reason)"
    }
}
