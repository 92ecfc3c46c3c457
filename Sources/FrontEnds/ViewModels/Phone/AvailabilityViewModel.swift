import CoreNFCTransport
import Observation

/// Whether this device can read tags at all, and if not, why, in words. Screens show the
/// explanation in place of their NFC button: never a button that does nothing.
@MainActor
@Observable
public final class AvailabilityViewModel {
    /// Set when a session reported that NFC cannot work here (not entitled, radio off).
    public private(set) var reportedProblem: NFCSessionError?

    @ObservationIgnored private let service: any TagSessionService

    public init(service: any TagSessionService) {
        self.service = service
    }

    /// True when an NFC button should be shown.
    public var canUseNFC: Bool { service.readingAvailable && !Self.blocks(reportedProblem) }

    /// Why NFC cannot be used here, or `nil` when it can.
    public var explanation: String? {
        guard service.readingAvailable else { return Self.noReader }
        if let reportedProblem, Self.blocks(reportedProblem) { return reportedProblem.sentence }
        return nil
    }

    /// What the screen says when there is no reader (iPad, Simulator, iPhone 6 and older).
    public static let noReader =
        "This device cannot read NFC tags: TapCard needs an iPhone 7 or later, and iPads, Macs and the Simulator have no NFC reader. You can still edit your card and see whether it fits a tag."

    /// Remembers what a failed session said about the device itself.
    public func note(_ error: NFCSessionError) {
        if Self.blocks(error) {
            reportedProblem = error
        } else if error == .radioDisabled {
            reportedProblem = error
        }
    }

    /// Clears a remembered problem (the user may have turned the radio back on).
    public func retry() { reportedProblem = nil }

    /// Problems that no retry fixes on this device or build.
    static func blocks(_ error: NFCSessionError?) -> Bool {
        error == .unsupportedDevice || error == .notEntitled
    }
}
