import TagFrames
import Type4

/// What a DESFire card says about itself at the PICC level, for `info`: its applications
/// (GetApplicationIDs) and free memory (GetFreeMemory). Each is `nil` when the card refused the
/// command (its PICC key settings can require the master key for the listing), with the status.
public struct DESFireCardInfo: Sendable, Equatable {
    /// The applications, in the card's order.
    public var applications: [DESFireApplicationID]?
    /// The status word GetApplicationIDs was refused with.
    public var applicationsRefused: StatusWord?
    /// The free memory in bytes, as the card reports it.
    public var freeMemory: Int?
    /// The status word GetFreeMemory was refused with (a D40 has no such command).
    public var freeMemoryRefused: StatusWord?
    /// Why application `000001` is not AN11004's NDEF application, when it exists and is not
    /// (``/Type4/DESFireApplicationSurvey``): another issuer's, which `format` leaves alone.
    public var foreignNDEFApplication: DESFireForeignApplication?

    public init(
        applications: [DESFireApplicationID]?, applicationsRefused: StatusWord? = nil, freeMemory: Int?,
        freeMemoryRefused: StatusWord? = nil
    ) {
        self.applications = applications
        self.applicationsRefused = applicationsRefused
        self.freeMemory = freeMemory
        self.freeMemoryRefused = freeMemoryRefused
    }

    /// "000001 (NDEF, AN11004 mapping v2), F48EF1", "none", or why the card did not say.
    public var applicationsPhrase: String {
        guard let applications else {
            return "not listed: GetApplicationIDs was refused with \(applicationsRefused?.hex ?? "no answer")"
        }
        if applications.isEmpty { return "none" }
        return applications.map { aid in
            switch DESFireNDEFApplication.mapping(of: aid) {
            case .version2? where foreignNDEFApplication != nil:
                "\(aid) (another issuer's application, not AN11004's NDEF application: it \(foreignNDEFApplication?.clause ?? ""))"
            case .version2?: "\(aid) (NDEF, AN11004 mapping v2)"
            case .version1?: "\(aid) (NDEF, AN11004 mapping v1)"
            case nil: "\(aid)"
            }
        }.joined(separator: ", ")
    }

    /// "3456 bytes (reported by GetFreeMemory)", or why there is no figure.
    public var freeMemoryPhrase: String {
        guard let freeMemory else {
            return "not reported: GetFreeMemory was refused with \(freeMemoryRefused?.hex ?? "no answer")"
        }
        return "\(freeMemory) bytes (reported by GetFreeMemory)"
    }
}
