import Foundation

/// A stored focus profile: its name and time rules (the pairings are rows of their own).
public struct FocusProfileRecord: Sendable, Equatable {
    public var name: String
    public var minimumDuration: TimeInterval?
    public var plannedDuration: TimeInterval?
    public var emergencyAllowance: Int
    public var emergencyPeriod: TimeInterval

    public init(
        name: String, minimumDuration: TimeInterval? = nil, plannedDuration: TimeInterval? = nil,
        emergencyAllowance: Int = 3, emergencyPeriod: TimeInterval = 28 * 86_400
    ) {
        self.name = name
        self.minimumDuration = minimumDuration
        self.plannedDuration = plannedDuration
        self.emergencyAllowance = emergencyAllowance
        self.emergencyPeriod = emergencyPeriod
    }
}
