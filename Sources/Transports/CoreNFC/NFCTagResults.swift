/// One NDEF record exactly as the tag holds it: TNF (3 bits), type, id and payload bytes. The
/// adapter speaks in these so it needs no NDEF codec; front ends turn them into typed records.
public struct NDEFRecordFields: Sendable, Equatable {
    public var tnf: UInt8
    public var type: [UInt8]
    public var id: [UInt8]
    public var payload: [UInt8]

    public init(tnf: UInt8, type: [UInt8], id: [UInt8] = [], payload: [UInt8]) {
        self.tnf = tnf
        self.type = type
        self.id = id
        self.payload = payload
    }
}

/// The NDEF access a tag reports through `queryNDEFStatus`.
public enum NDEFAccess: String, Sendable, Equatable {
    case notFormatted
    case readWrite
    case readOnly
}

/// How the tag presented itself to iOS.
public enum TagTechnology: Sendable, Equatable {
    /// ISO 14443-3A MIFARE family; NTAG21x arrive as Ultralight.
    case miFare(family: String)
    case iso15693(manufacturerCode: Int)
    case iso7816
    case feliCa

    /// The family word of a `.miFare` tag iOS names no family for (`NFCMiFareFamily.unknown`):
    /// a MIFARE Classic, Mini, or Plus in security level 1.
    public static let unknownMiFareFamily = "(unknown family)"

    public var displayName: String {
        switch self {
        case .miFare(let family): "ISO 14443-A, MIFARE \(family)"
        case .iso15693: "ISO 15693 (NFC-V)"
        case .iso7816: "ISO 7816 (ISO-DEP)"
        case .feliCa: "FeliCa"
        }
    }
}

/// What a tag holds, as read.
public enum TagContent: Sendable, Equatable {
    /// Formatted, but no message: iOS reports a read *error* for this; the adapter classifies
    /// it through the tag's NDEF status.
    case empty
    case records([NDEFRecordFields])
    /// Not NDEF formatted: there is nothing iOS will read.
    case notFormatted
    /// The status says formatted, but the read failed for another reason.
    case unreadable(NFCSessionError)
}

/// Everything one read session learned about a tag.
public struct TagReading: Sendable, Equatable {
    public var uid: [UInt8]
    public var technology: TagTechnology
    public var access: NDEFAccess
    /// The maximum NDEF message size the tag reports through iOS (`queryNDEFStatus`).
    public var reportedCapacity: Int
    public var content: TagContent
    /// The GET_VERSION answer, when the tag supports it.
    public var version: [UInt8]?
    /// The 32-byte originality signature (READ_SIG), when the tag supports it.
    public var signature: [UInt8]?
    /// The chip's password configuration, when it has one.
    public var protection: ProtectionReading

    public init(
        uid: [UInt8], technology: TagTechnology, access: NDEFAccess, reportedCapacity: Int, content: TagContent,
        version: [UInt8]? = nil, signature: [UInt8]? = nil, protection: ProtectionReading = .notApplicable
    ) {
        self.uid = uid
        self.technology = technology
        self.access = access
        self.reportedCapacity = reportedCapacity
        self.content = content
        self.version = version
        self.signature = signature
        self.protection = protection
    }
}

/// The report card of one write session.
public struct WriteReceipt: Sendable, Equatable {
    public var uid: [UInt8]
    /// Bytes of the NDEF message written (without the Type 2 TLV header).
    public var messageBytes: Int
    /// The capacity the tag reported through iOS before writing.
    public var reportedCapacity: Int
    /// True when the message read back in the same session equals what was written.
    public var verified: Bool
    /// The GET_VERSION answer, asked after the write so the tag can be named, when supported.
    public var version: [UInt8]?
    /// How the tag presented itself.
    public var technology: TagTechnology?

    public init(
        uid: [UInt8], messageBytes: Int, reportedCapacity: Int, verified: Bool, version: [UInt8]? = nil,
        technology: TagTechnology? = nil
    ) {
        self.uid = uid
        self.messageBytes = messageBytes
        self.reportedCapacity = reportedCapacity
        self.verified = verified
        self.version = version
        self.technology = technology
    }
}

/// The result of one lock session.
public struct LockReceipt: Sendable, Equatable {
    public var uid: [UInt8]
    /// The access the tag reported after locking (read back in the same session).
    public var accessAfter: NDEFAccess

    public init(uid: [UInt8], accessAfter: NDEFAccess) {
        self.uid = uid
        self.accessAfter = accessAfter
    }
}
