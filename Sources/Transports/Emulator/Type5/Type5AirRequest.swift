import TagFrames

/// A request as it reaches the chip: the mapping's ``/TagFrames/ISO15693Request`` plus what the
/// carrier adds on the air — the UID when the address flag is set and the IC manufacturer code of
/// a custom command (`A0`–`DF`).
///
/// ``EmulatedType5Tag/send(_:)`` fills both with the tag's own values, as iOS does. The test hook
/// ``EmulatedType5Tag/send(_:addressedTo:manufacturerCode:)`` puts other values on the air, which
/// is how a request "addressed to another tag" or carrying another maker's code is modelled.
public struct Type5AirRequest: Sendable, Equatable {
    public var request: ISO15693Request
    /// The UID in the frame (E0 first, as written; the air sends it LSB first), when addressed.
    public var addressedUID: [UInt8]?
    /// The IC manufacturer code after the command byte of a custom command.
    public var manufacturerCode: UInt8?

    public init(request: ISO15693Request, addressedUID: [UInt8]?, manufacturerCode: UInt8?) {
        self.request = request
        self.addressedUID = addressedUID
        self.manufacturerCode = manufacturerCode
    }

    /// The bytes of the frame before its CRC: flags, command, [mfg code], [UID], parameters.
    public var frameBytes: Int {
        2 + (manufacturerCode == nil ? 0 : 1) + (addressedUID?.count ?? 0) + request.parameters.count
    }
}
