/// The two SDM keys of a SUN-paired NTAG 424 DNA: the meta-read key (decrypts PICCData) and the
/// file-read key (the MAC). Secrets: the description never shows them.
public struct SUNKeyPair: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var metaKey: [UInt8]
    public var fileKey: [UInt8]

    public init(metaKey: [UInt8], fileKey: [UInt8]) {
        self.metaKey = metaKey
        self.fileKey = fileKey
    }

    public var description: String { "SUN keys (hidden)" }
    public var debugDescription: String { description }
}
