/// What a SUN (Secure Unique NFC) message says once its MAC verified: the tag's UID, its read
/// counter, and the decrypted file data when the URL carried some.
public struct SUNVerification: Sendable, Equatable {
    public var uid: [UInt8]
    /// SDMReadCtr: how often the tag has been read since SDM was enabled (24 bits).
    public var counter: Int
    /// The decrypted SDMENCFileData, when the URL carried an `enc` field.
    public var fileData: [UInt8]?

    public init(uid: [UInt8], counter: Int, fileData: [UInt8]?) {
        self.uid = uid
        self.counter = counter
        self.fileData = fileData
    }
}
