import Foundation
import NDEF
import TestSupport
import Testing

/// Every input the `ndef` fuzz target (Fuzz/Targets/NDEFFuzz.swift) ever broke, replayed with the
/// same invariants. Inputs live in `Tests/Fixtures/fuzz-regressions/ndef/`, one file each, named
/// by libFuzzer (`crash-<sha1>`).
@Suite struct NDEFFuzzRegressionTests {
    static var inputs: [String] { FuzzRegressions.names("ndef") }

    /// Found by the fuzzer (crash-5ffb31…): `D1 00 6C …`, one short well-known record with TYPE
    /// LENGTH 0. `decode` accepted it whole but refused its chunked re-encoding ("The first chunk
    /// of a chunked record must carry the type"); the codec now treats both alike.
    @Test func typelessWellKnownRecordSurvivesChunking() throws {
        let input = try FuzzRegressions.bytes("ndef", "crash-5ffb31e7f3ce196f175f7f0e968c227a13b29c7c")
        guard let message = try? NDEFMessage.decode(input) else { return }
        #expect(message.records.first?.type == [])
        for chunkSize in 1...16 {
            #expect(try NDEFMessage.decode(message.encoded(chunkSize: chunkSize)) == message)
        }
    }

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let input = try FuzzRegressions.bytes("ndef", name)
        guard let message = try? NDEFMessage.decode(input) else { return }
        let encoded = message.encoded()
        #expect(encoded.count == message.length)
        #expect(try NDEFMessage.decode(encoded) == message)
        let chunkSize = 1 + Int(input.first ?? 0) % 16
        #expect(try NDEFMessage.decode(message.encoded(chunkSize: chunkSize)) == message, "chunk size \(chunkSize)")
        for record in message.records { _ = record.view }
        if let strict = try? DecodedMessage.decode(input) {
            #expect(strict.message == message)
            #expect(strict.views.count == message.records.count)
        }
    }
}
