/// Where the NDEF TLV sits and what it holds.
public struct NDEFLocation: Sendable, Equatable {
    /// Byte offset (from the start of memory) of the TLV's type byte.
    public var typeAddress: Int
    /// Byte offset (from the start of memory) of the first length byte: the byte that commits a write.
    public var lengthAddress: Int
    /// 1 or 3.
    public var lengthFieldBytes: Int
    /// The message length the TLV declares.
    public var length: Int
    /// The message bytes, reserved and lock bytes skipped.
    public var message: [UInt8]
    /// Byte offset (from the start of memory) of the data area the TLV was found in.
    public var dataAreaStart: Int

    public init(
        typeAddress: Int, lengthAddress: Int, lengthFieldBytes: Int, length: Int, message: [UInt8], dataAreaStart: Int
    ) {
        self.typeAddress = typeAddress
        self.lengthAddress = lengthAddress
        self.lengthFieldBytes = lengthFieldBytes
        self.length = length
        self.message = message
        self.dataAreaStart = dataAreaStart
    }

    /// Offset from the start of the data area, as reports show it.
    public var offset: Int { typeAddress - dataAreaStart }
}
