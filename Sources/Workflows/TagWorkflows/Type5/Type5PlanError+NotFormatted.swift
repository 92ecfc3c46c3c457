import TapCardSupport
import Type5

extension Type5PlanError: NotFormattedRefusal {
    /// Block 0 as read, and that it holds no CC, for `notFormatted`; `nil` for the other refusals.
    public var notFormattedFinding: String? {
        guard case .notFormatted(let blockZero) = self else { return nil }
        return
            "Block 0 holds \(Hex.encode(blockZero, uppercase: true, separator: " ")), not a Type 5 CC (E1 or E2): the tag is blank or not NDEF-formatted, and iOS cannot write it either"
    }
}
