import Foundation

/// A focus profile: which tags may start and end its sessions, and its time rules.
public struct FocusProfile: Sendable, Equatable {
    public var name: String
    /// Every tag that can toggle this profile (several allow a tag at home and one at the office).
    public var pairedTags: [PairedTag]
    /// Ending by tag earlier than this after the start is refused (`nil`: no minimum).
    public var minimumDuration: TimeInterval?
    /// Sessions end by themselves this long after the start (`nil`: only a tap ends them).
    public var plannedDuration: TimeInterval?
    public var emergency: EmergencyPolicy

    public init(
        name: String, pairedTags: [PairedTag] = [], minimumDuration: TimeInterval? = nil,
        plannedDuration: TimeInterval? = nil, emergency: EmergencyPolicy = .standard
    ) {
        self.name = name
        self.pairedTags = pairedTags
        self.minimumDuration = minimumDuration
        self.plannedDuration = plannedDuration
        self.emergency = emergency
    }

    /// The paired tag with this identity (UID and chip both equal), if any.
    public func pairedTag(_ identity: TagIdentity) -> PairedTag? {
        pairedTags.first { $0.identity == identity }
    }
}
