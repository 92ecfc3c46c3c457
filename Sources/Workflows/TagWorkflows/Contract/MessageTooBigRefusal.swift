/// A refusal that can say the message does not fit, with the capacity the tag holds: what a front
/// end needs to size the next message, whatever the tag type. Each type's plan error conforms in
/// that type's folder, so a screen asks this and never the type's own error.
public protocol MessageTooBigRefusal: Error {
    /// The largest message the tag holds, in bytes, when this refusal is "the message is too big";
    /// `nil` for the type's other refusals.
    var capacityWhenTooBig: Int? { get }
}
