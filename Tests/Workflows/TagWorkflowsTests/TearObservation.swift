@testable import TagWorkflows

/// What a tear test finds on the tag after an interrupted write, and what the write's own account
/// of it allows: one definition for every type's tear sweep.
enum TearObservation: Equatable {
    case old, empty, new, interrupted, other

    /// The observations `state` allows: "old or empty" allows the old message and an empty one.
    static func allowed(by state: TagStateAfterWrite) -> [TearObservation] {
        switch state {
        case .old: [.old]
        case .empty: [.empty]
        case .new: [.new]
        case .oldOrEmpty: [.old, .empty]
        case .emptyOrNew: [.empty, .new]
        case .oldOrNew: [.old, .new]
        }
    }
}
