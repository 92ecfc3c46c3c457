import TapCardSupport
import Type3

extension Type3Identification {
    /// "FeliCa Lite-S (RC-S966) (by PMm IC code F1)", or "FeliCa card with IC code 32 (not a chip
    /// TapCard knows)".
    public var phrase: String {
        let ic = Hex.encode([icCode], uppercase: true)
        if let product { return "\(product) (by PMm IC code \(ic))" }
        if let model { return "\(model.displayName) (as declared; PMm IC code \(ic) is not one TapCard knows)" }
        return "FeliCa card with PMm IC code \(ic) (not a chip TapCard knows)"
    }
}
