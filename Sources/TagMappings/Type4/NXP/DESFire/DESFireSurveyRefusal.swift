/// A directory command the card refused while TapCard examined an application: its status word
/// (two bytes, high first; `91 AE` when the card wants a key for it).
public struct DESFireSurveyRefusal: Error, Sendable, Hashable {
    public var status: UInt16

    public init(status: UInt16) { self.status = status }
}
