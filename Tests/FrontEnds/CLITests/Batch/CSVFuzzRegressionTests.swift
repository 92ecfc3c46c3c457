import Foundation
import TestSupport
import Testing

@testable import TapCardCLI

/// Every input the `csv` fuzz target (Fuzz/Targets/CSVFuzz.swift) broke, replayed with its
/// invariant: records written back with `CSV.line` parse to the same records.
@Suite struct CSVFuzzRegressionTests {
    static var inputs: [String] { FuzzRegressions.names("csv") }

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func roundTrip(_ name: String) throws {
        let text = String(decoding: try FuzzRegressions.bytes("csv", name), as: UTF8.self)
        guard let records = try? CSV.parse(text) else { return }
        let written = records.map(CSV.line).joined(separator: "\n")
        let again = try CSV.parse(written)
        #expect(again == records, "written: \(written.debugDescription)")
    }

    /// Found by the fuzzer (crash-f50c21…): a quote followed by a combining mark (U+0744) is one
    /// Character in Swift, so doubling quotes Character by Character left it single and the
    /// manifest line no longer parsed back. Quotes are now doubled byte by byte.
    @Test func aQuoteBeforeACombiningMarkIsDoubled() throws {
        let field = "Jane\"\u{0744}ma, Doe"
        #expect(CSV.line([field, "x"]) == "\"Jane\"\"\u{0744}ma, Doe\",x")
        #expect(try CSV.parse(CSV.line([field, "x"])) == [[field, "x"]])
    }
}
