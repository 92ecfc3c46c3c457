import SUN
import Testing

/// LRP-mode SUN messages (issue 25, item 4) against sdm-backend's published LRP cases
/// (tests/test_libsdm.py `test_sdm_lrp1`, `test_sdm_lrp2`, factory keys, separated style: the MAC
/// over "<enc>&cmac=" with enc data, over nothing without), and the ways they fail. Before, any
/// 48-digit PICCData was refused as malformed.
@Suite struct SUNLRPTests {
    static let zero = [UInt8](repeating: 0, count: 16)
    static let lrp1 =
        "https://sdm.example/?picc_data=07D9CA2545881D4BFDD920BE1603268C0714420DD893A497&enc=D6E921C47DB4C17C56F979F81559BB83&cmac=F9481AC7D855BDB6"
    static let lrp2 =
        "https://sdm.example/?picc_data=1FCBE61B3E4CAD980CBFDD333E7A4AC4A579569BAFD22C5F&cmac=4231608BA7B02BA9"

    @Test("sdm-backend test_sdm_lrp1: encrypted file data")
    func withFileData() throws {
        let result = try SUNVerifier.verify(url: Self.lrp1, metaKey: Self.zero, fileKey: Self.zero)
        #expect(result.uid == SUNVerifierTests.bytes("049b112a2f7080"))
        #expect(result.counter == 4)
        #expect(result.fileData == Array("NTXXb7dz3PsYYBlU".utf8))
    }

    @Test("sdm-backend test_sdm_lrp2: no file data")
    func withoutFileData() throws {
        let result = try SUNVerifier.verify(url: Self.lrp2, metaKey: Self.zero, fileKey: Self.zero)
        #expect(result.uid == SUNVerifierTests.bytes("04940e2a2f7080"))
        #expect(result.counter == 3)
        #expect(result.fileData == nil)
    }

    @Test("Altered MAC, altered enc, wrong keys, a replay: each with its reason")
    func refusals() throws {
        func reason(_ url: String, meta: [UInt8] = Self.zero, file: [UInt8] = Self.zero) -> SUNReason? {
            do {
                _ = try SUNVerifier.verify(url: url, metaKey: meta, fileKey: file)
                return nil
            } catch { return error.reason }
        }
        #expect(reason(Self.lrp2.replacingOccurrences(of: "cmac=4231", with: "cmac=4232")) == .macMismatch)
        #expect(reason(Self.lrp1.replacingOccurrences(of: "enc=D6E9", with: "enc=D6E8")) == .macMismatch)
        #expect(reason(Self.lrp2, file: [UInt8](repeating: 1, count: 16)) == .macMismatch)
        #expect(reason(Self.lrp2, meta: [UInt8](repeating: 1, count: 16)) == .wrongKey)
        #expect(
            throws: SUNError.counterNotIncreasing(
                uid: SUNVerifierTests.bytes("04940e2a2f7080"), counter: 3, lastAccepted: 3)
        ) {
            try SUNVerifier.verify(url: Self.lrp2, metaKey: Self.zero, fileKey: Self.zero, lastAcceptedCounter: 3)
        }
    }
}
