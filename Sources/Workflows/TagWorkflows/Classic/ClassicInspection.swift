import MIFAREClassic

/// What `info` shows about a MIFARE Classic card: the read, and sector by sector which public
/// key A opened it (none: a private key), its MAD application and, for the sectors read, the
/// trailer's access conditions and GPB.
public struct ClassicInspection: Sendable, Equatable {
    /// One sector as the inspection saw it.
    public struct Sector: Sendable, Equatable {
        public var number: Int
        /// The key A that opened it, `nil` when none of the keys tried did.
        public var key: ClassicKey?
        /// The MAD's AID for it (`nil`: a MAD sector, or no MAD).
        public var application: MADApplicationID?
        /// Its trailer as read (key A as zeros), `nil` when it could not be read.
        public var trailer: SectorTrailer?

        public init(number: Int, key: ClassicKey?, application: MADApplicationID?, trailer: SectorTrailer?) {
            self.number = number
            self.key = key
            self.application = application
            self.trailer = trailer
        }
    }

    public var read: ClassicReadReport
    public var sectors: [Sector]
    /// The keys tried as key A on every sector, in order.
    public var keysTried: [ClassicKey]

    public init(read: ClassicReadReport, sectors: [Sector], keysTried: [ClassicKey]) {
        self.read = read
        self.sectors = sectors
        self.keysTried = keysTried
    }
}
