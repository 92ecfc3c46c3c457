import CoreNFCTransport
import NDEF
import TagTransport
import TagWorkflows

/// Which of TapCard's own drivers runs on the tag of a phone session, and what it returns to the
/// screens: ISO-DEP goes to the Type 4 driver, ISO 15693 to the Type 5 driver, FeliCa to the
/// Type 3 driver. `nil` means no driver recognised the tag, and iOS's own NDEF calls take over in
/// the same session:
/// - Type 4: the tag answered SELECT of the NDEF application with 6A 82, or iOS refused that SELECT.
/// - Type 5 and Type 3: the carrier refused the commands the driver needs
///   (`ChannelError.unsupported`), or a FeliCa card answered neither polling for 12FC nor for
///   FFFF. A Type 5 tag without a CC, or a FeliCa card that does not answer 12FC, *is* recognised:
///   the scan shows it as not NDEF-formatted with its block 0 (iOS would only say "no NDEF"), and
///   a write or lock is refused with those figures before anything is sent (iOS cannot write an
///   unformatted Type 5 or Type 3 tag either).
///
/// The functions run on their caller's actor (the view model's), as the session's driver closure
/// does, so the non-Sendable connection never crosses isolation domains.
enum PhoneDrivers {
    /// The Tag Info of the tag, read by the driver for its technology.
    static func inspect(_ connection: PhoneTagConnection) async throws -> TagInfo? {
        if let channel = connection.isoDepChannel {
            do {
                let inspection = try await Type4Tag(channel: channel, uid: channel.uid).inspect()
                return TagInfo(inspection, technology: channel.technology, carrierUID: channel.uid)
            } catch let failure as Type4Failure where failure.meansNoType4Tag {
                return nil
            }
        }
        if let channel = connection.iso15693Channel {
            do {
                return TagInfo(try await Type5Tag(channel: channel).inspect(), technology: channel.technology)
            } catch let failure as Type5Failure where failure.meansNoType5Tag {
                return nil
            }
        }
        if let channel = connection.feliCaChannel {
            do {
                return TagInfo(try await Type3Tag(channel: channel).inspect(), technology: channel.technology)
            } catch let failure as Type3Failure where failure.meansNoType3Tag {
                return nil
            }
        }
        return nil
    }

    /// Writes `message` with the driver for the tag's technology, verified by reading it back.
    static func write(_ message: NDEFMessage, on connection: PhoneTagConnection) async throws -> WriteReportCard? {
        if let channel = connection.isoDepChannel {
            do {
                let report = try await Type4Tag(channel: channel, uid: channel.uid).write(message, verify: true)
                return WriteReportCard(report, technology: channel.technology, carrierUID: channel.uid)
            } catch let failure as Type4Failure where failure.meansNoType4Tag {
                return nil
            }
        }
        if let channel = connection.iso15693Channel {
            do {
                let report = try await Type5Tag(channel: channel).write(message, verify: true)
                return WriteReportCard(report, technology: channel.technology)
            } catch let failure as Type5Failure where failure.meansNoType5Tag {
                return nil
            }
        }
        if let channel = connection.feliCaChannel {
            do {
                let report = try await Type3Tag(channel: channel).write(message, verify: true)
                return WriteReportCard(report, technology: channel.technology)
            } catch let failure as Type3Failure where failure.meansNoType3Tag {
                return nil
            }
        }
        return nil
    }

    /// Locks the tag for good with the driver for its technology (the screen has had the typed
    /// confirmation), read back to verify.
    static func lock(_ connection: PhoneTagConnection) async throws -> DriverLockReport? {
        if let channel = connection.isoDepChannel {
            do {
                return .type4(try await Type4Tag(channel: channel, uid: channel.uid).lock(confirmation: .permanent))
            } catch let failure as Type4Failure where failure.meansNoType4Tag {
                return nil
            }
        }
        if let channel = connection.iso15693Channel {
            do {
                return .type5(try await Type5Tag(channel: channel).lock(confirmation: .permanent))
            } catch let failure as Type5Failure where failure.meansNoType5Tag {
                return nil
            }
        }
        if let channel = connection.feliCaChannel {
            do {
                return .type3(try await Type3Tag(channel: channel).lock(confirmation: .permanent))
            } catch let failure as Type3Failure where failure.meansNoType3Tag {
                return nil
            }
        }
        return nil
    }
}

/// What one of TapCard's own drivers reported after locking a tag on the phone.
public enum DriverLockReport: Sendable, Equatable {
    case type4(Type4LockReport)
    case type5(Type5LockReport)
    case type3(Type3LockReport)

    /// The UID (Type 3: the IDm) the driver locked, when it reported one.
    var uid: [UInt8]? {
        switch self {
        case .type4(let report): report.uid
        case .type5(let report): report.uid
        case .type3(let report): report.idm
        }
    }

    /// True when the read-back shows every part of the lock in place.
    var verified: Bool {
        switch self {
        case .type4(let report): report.verified
        case .type5(let report): report.verified
        case .type3(let report): report.verified
        }
    }
}

extension Type5Failure {
    /// True when the phone's carrier cannot send the requests the Type 5 driver needs (iOS refused
    /// them as unsupported), so iOS's own NDEF calls should try the tag.
    var meansNoType5Tag: Bool {
        if case .channel(.unsupported) = self { return true }
        return false
    }
}

extension Type3Failure {
    /// True when the phone's carrier cannot send the FeliCa commands the Type 3 driver needs, or
    /// the card answered neither polling for 12FC nor for FFFF: iOS's own NDEF calls should try it.
    var meansNoType3Tag: Bool {
        switch self {
        case .channel(.unsupported), .channel(.noTag): true
        default: false
        }
    }
}
