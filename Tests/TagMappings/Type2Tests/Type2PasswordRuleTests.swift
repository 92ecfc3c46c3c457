import TagCatalog
import Testing
import Type2

/// Password rules at their boundaries. (Mutation audit, issue 29: a PWD of 5 bytes, and a first
/// protected page below 3, were accepted by mutations no test noticed.)
@Suite struct Type2PasswordRuleTests {
    static let password = Type2Password(bytes: [0x1A, 0x2B, 0x3C, 0x4D])!

    /// PWD is exactly 4 bytes, PACK exactly 2 (NTAG213/215/216 datasheet §8.8: PWD_AUTH takes 4
    /// bytes and answers 2): shorter and longer are refused.
    @Test func passwordAndAcknowledgeHaveExactLengths() {
        for count in [0, 1, 3, 5, 8] {
            #expect(Type2Password(bytes: [UInt8](repeating: 0x42, count: count)) == nil, "\(count)-byte PWD")
        }
        #expect(Type2Password(bytes: [1, 2, 3, 4])?.bytes == [1, 2, 3, 4])
        for count in [0, 1, 3, 4] {
            #expect(PasswordAcknowledge(bytes: [UInt8](repeating: 0x42, count: count)) == nil, "\(count)-byte PACK")
        }
        #expect(PasswordAcknowledge(bytes: [1, 2])?.bytes == [1, 2])
    }

    /// AUTH0 from page 3 (the CC) to the chip's last page: pages 0–2 (UID and static lock bytes)
    /// are refused as the input's mistake, whatever else the request says.
    @Test func theFirstProtectedPageIsThreeToTheLastPage() throws {
        let scheme = try #require(PasswordScheme.of(.ntag213))
        let configuration = try #require(
            AccessConfiguration(scheme: scheme, cfg0: [0x04, 0x00, 0x00, 0xFF], cfg1: [0x00, 0x05, 0x00, 0x00]))
        for page in [0, 1, 2, scheme.lastPage + 1] {
            #expect(throws: Type2ProtectError.firstPageOutOfRange(page: page, lastPage: scheme.lastPage)) {
                try Type2ProtectPlan.protect(
                    ProtectionRequest(password: Self.password, firstPage: page),
                    known: .init(configuration: configuration))
            }
        }
        for page in [3, 4, scheme.lastPage] {
            _ = try Type2ProtectPlan.protect(
                ProtectionRequest(password: Self.password, firstPage: page), known: .init(configuration: configuration))
        }
    }
}
