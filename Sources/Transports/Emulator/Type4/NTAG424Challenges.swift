/// Where an emulated NTAG 424 DNA takes its random numbers: the 16-byte challenge RndB and the
/// 4-byte transaction identifier TI of AuthenticateEV2First and NonFirst (NTAG 424 DNA datasheet
/// §9.1.1 and §9.1.5; shared/reference/type4-type5-ntag424.md §2.4), and the random padding of
/// encrypted PICCData in Secure Dynamic Messaging (§9.3.4; reference §2.7).
///
/// ``system`` draws them from `SystemRandomNumberGenerator`, as a real chip draws them from its
/// TRNG. ``scripted(rndB:transactionIdentifiers:sdmPadding:)`` hands out the given values in
/// order, so tests can replay AN12196's transcripts and SUN URLs byte for byte; once a list is used
/// up the chip falls back to the system generator (a modelling choice: never trap, never repeat a
/// challenge silently). A scripted value of the wrong length is cut or padded with zeros to 16
/// (RndB), 4 (TI) or the padding's length (16 − 1 − the mirrored UID and counter: 5 with both).
public struct NTAG424Challenges: Sendable, Equatable {
    private var rndB: [[UInt8]]
    private var transactionIdentifiers: [[UInt8]]
    private var sdmPadding: [[UInt8]]

    private init(rndB: [[UInt8]], transactionIdentifiers: [[UInt8]], sdmPadding: [[UInt8]]) {
        self.rndB = rndB
        self.transactionIdentifiers = transactionIdentifiers
        self.sdmPadding = sdmPadding
    }

    /// Fresh random numbers for every authentication and every mirrored PICCData.
    public static let system = NTAG424Challenges(rndB: [], transactionIdentifiers: [], sdmPadding: [])

    /// The given RndB values for the next authentications (First and NonFirst alike), the given
    /// TIs for the next AuthenticateEV2First, and the given PICCData paddings for the next reads
    /// that increment the SDM read counter, in order.
    public static func scripted(
        rndB: [[UInt8]], transactionIdentifiers: [[UInt8]] = [], sdmPadding: [[UInt8]] = []
    ) -> NTAG424Challenges {
        NTAG424Challenges(rndB: rndB, transactionIdentifiers: transactionIdentifiers, sdmPadding: sdmPadding)
    }

    /// The next PICCData padding (`count` bytes).
    mutating func nextSDMPadding(count: Int) -> [UInt8] {
        Self.take(&sdmPadding, count: count)
    }

    /// The next RndB (16 bytes).
    mutating func nextRndB() -> [UInt8] {
        Self.take(&rndB, count: 16)
    }

    /// The next TI (4 bytes).
    mutating func nextTransactionIdentifier() -> [UInt8] {
        Self.take(&transactionIdentifiers, count: 4)
    }

    private static func take(_ list: inout [[UInt8]], count: Int) -> [UInt8] {
        guard !list.isEmpty else {
            var generator = SystemRandomNumberGenerator()
            return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        let value = list.removeFirst()
        return Array(value.prefix(count)) + [UInt8](repeating: 0, count: max(0, count - value.count))
    }
}
