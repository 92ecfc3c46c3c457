/// An ISO/IEC 7816-4 response APDU: the data and the status word that ends it.
public struct ResponseAPDU: Sendable, Hashable, CustomStringConvertible {
    public var data: [UInt8]
    public var status: StatusWord

    public init(data: [UInt8] = [], status: StatusWord) {
        self.data = data
        self.status = status
    }

    /// The response as it travels: data, then SW1 SW2.
    public var bytes: [UInt8] { data + [status.sw1, status.sw2] }

    /// Splits a received response into data and status word; fewer than two bytes is no response.
    public static func parse(_ bytes: [UInt8]) -> Result<ResponseAPDU, FrameError> {
        guard bytes.count >= 2 else { return .failure(.tooShort(bytes: bytes.count, minimum: 2)) }
        let n = bytes.count
        return .success(
            ResponseAPDU(data: Array(bytes[..<(n - 2)]), status: StatusWord(sw1: bytes[n - 2], sw2: bytes[n - 1])))
    }

    public var description: String {
        data.isEmpty ? status.description : "\(data.count) bytes, \(status)"
    }
}
