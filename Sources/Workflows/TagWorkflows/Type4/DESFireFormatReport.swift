import TagFrames
import Type4

/// What a completed DESFire format did, and what the card reads as afterwards (read back as a
/// Type 4 tag, in a new selection).
public struct DESFireFormatReport: Sendable, Equatable {
    /// Where the NDEF file size came from.
    public enum SizeChoice: Sendable, Equatable {
        /// Asked for (`--ndef-size`).
        case requested
        /// TapCard's default, which fitted the card's free memory.
        case standard
        /// TapCard's default did not fit: the largest size that fits the free memory the card
        /// reported, assuming 32-byte allocation blocks and at most 64 bytes for the application.
        case fittedToFreeMemory(freeMemory: Int)
        /// A torn format had already written the CC, which names this size: the NDEF file must match.
        case keptFromCC
    }

    public var identification: Type4Identification
    public var uid: [UInt8]?
    /// The PICC level before the format (applications, free memory).
    public var before: DESFireCardInfo
    /// What the card held of the NDEF application before (a rerun finishes a torn format).
    public var stateBefore: DESFireNDEFState
    public var ndefFileSize: Int
    public var sizeChoice: SizeChoice
    /// The plan's steps, all sent (empty when the card was an NDEF card already).
    public var steps: [DESFireFormatStep]
    /// The authentication CreateApplication was sent again in after the card refused it without
    /// the PICC master key: AuthenticateEV2First on an EV2 or EV3, AuthenticateAES on an EV1;
    /// `nil` when it was not needed.
    public var piccAuthentication: DESFireInstruction?
    /// True when the card refused CreateApplication without the PICC master key and it was sent
    /// again inside an authenticated session.
    public var authenticatedWithPICCMasterKey: Bool { piccAuthentication != nil }
    /// The read-back.
    public var after: Type4ReadReport
    public var statistics: CommandStatistics

    /// True when the card now reads as an NDEF card, writable, empty, whose CC names an NDEF file
    /// of the size asked for.
    public var verified: Bool {
        after.isFormatted && after.isWritable && after.content == .empty
            && after.capabilityContainer?.ndefFile.maximumSize == ndefFileSize
    }
}

extension DESFireFormatReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type4Tag.facts(uid: uid, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .desfireFormat(self) }
}
