/// A MAD application identifier (AN10787 §3.8): a function cluster code and an application code.
/// The MAD stores each as 2 bytes, the application code first: AN1304's NFC Forum AID, written
/// `03E1` as its bytes stand on the card, is application code 03 of function cluster E1.
public struct MADApplicationID: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var functionClusterCode: UInt8
    public var applicationCode: UInt8

    public init(functionClusterCode: UInt8, applicationCode: UInt8) {
        self.functionClusterCode = functionClusterCode
        self.applicationCode = applicationCode
    }

    /// From the 2 bytes as the MAD stores them (application code, then function cluster code).
    public init(cardBytes first: UInt8, _ second: UInt8) {
        self.init(functionClusterCode: second, applicationCode: first)
    }

    /// The 2 bytes as the MAD stores them.
    public var cardBytes: [UInt8] { [applicationCode, functionClusterCode] }

    /// Sector free (0000).
    public static let free = MADApplicationID(functionClusterCode: 0x00, applicationCode: 0x00)
    /// Sector defective (0001, AN10787).
    public static let defective = MADApplicationID(functionClusterCode: 0x00, applicationCode: 0x01)
    /// Sector reserved (0002, AN10787).
    public static let reserved = MADApplicationID(functionClusterCode: 0x00, applicationCode: 0x02)
    /// NFC Forum NDEF data (AN1304: `03E1` on the card).
    public static let ndef = MADApplicationID(functionClusterCode: 0xE1, applicationCode: 0x03)

    /// The card bytes in lowercase hex: "03e1".
    public var description: String {
        cardBytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }
}
