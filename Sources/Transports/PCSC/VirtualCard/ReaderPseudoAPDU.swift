/// The header of a PC/SC Part 3 pseudo-APDU (CLA `FF`), the commands a contactless reader's
/// firmware answers itself for a storage card (GET DATA, READ/UPDATE BINARY, LOAD KEY, GENERAL
/// AUTHENTICATE), as every vpcd storage-card bridge reads it before its own instructions.
struct ReaderPseudoAPDU: Sendable, Equatable {
    let ins: UInt8
    let p1: UInt8
    let p2: UInt8

    /// P1‖P2 as a page or block address (READ/UPDATE BINARY).
    var address: Int { Int(p1) << 8 | Int(p2) }

    /// What a reader answers instead, when the APDU is not one of its pseudo-APDUs.
    struct Refused: Error, Equatable {
        /// The status word: `67 00` shorter than a header; `6A 82` an ISO 7816-4 SELECT (a Type 4
        /// SELECT, say: a storage card has no such file); `6E 00` any other class.
        let status: [UInt8]
    }

    /// The header of `apdu`, or the status a reader answers for it. Total.
    static func parse(_ apdu: [UInt8]) -> Result<ReaderPseudoAPDU, Refused> {
        guard apdu.count >= 4 else { return .failure(Refused(status: [0x67, 0x00])) }
        guard apdu[0] == 0xFF else {
            let select = apdu[0] & 0x80 == 0 && apdu[1] == 0xA4
            return .failure(Refused(status: select ? [0x6A, 0x82] : [0x6E, 0x00]))
        }
        return .success(ReaderPseudoAPDU(ins: apdu[1], p1: apdu[2], p2: apdu[3]))
    }
}
