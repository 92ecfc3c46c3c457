import Foundation
import Testing

/// The import-fidelity findings a hostile newcomer reported against issue 40: what a dump says
/// must reach the virtual tag unchanged, and where the file contradicts itself the memory wins and
/// the contradiction is said.
@Suite struct DumpImportFidelityTests {
    static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps")
    static let sasquach = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc")

    /// `text` with every LF made CR LF, as a Windows editor saves it.
    static func crlf(_ text: String) -> String {
        String(decoding: Array(text.utf8).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }, as: UTF8.self)
    }

    @Test("A Flipper file of every family with CR LF line ends imports as the LF file does")
    func crlfFlipperFiles() async throws {
        let home = try CLIHome("crlf")
        defer { home.remove() }
        // A Type 4 Tag file (Momentum, Unleashed) is made here: no public one was found.
        let type4 = try await home.newTag("type4", "t4.nfc")
        #expect(await home.run(["write", "uri", "https://example.com/crlf", "--tag", type4]).status == 0)
        let type4File = home.path + "/t4-flipper.nfc"
        #expect(await home.run(["sim", "export", type4, "--flipper", type4File]).status == 0)
        let files = [
            Self.dumps.appendingPathComponent("flipper/DESFire_NfcFileFormats_example.nfc").path,
            Self.dumps.appendingPathComponent("flipper/Felica.nfc").path,
            Self.dumps.appendingPathComponent("flipper/Slix_cap_default.nfc").path,
            Self.dumps.appendingPathComponent("flipper-nfc/laundr-mfc1k.nfc").path,
            Self.sasquach.path, type4File,
        ]
        for (index, file) in files.enumerated() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let windows = home.path + "/crlf-\(index).nfc"
            try Self.crlf(text).write(toFile: windows, atomically: true, encoding: .utf8)
            #expect(try String(contentsOfFile: windows, encoding: .utf8).utf8.contains(0x0D))
            let plain = await home.run(["sim", "import", file, home.path + "/lf-\(index)-out.nfc", "--json"])
            let crlf = await home.run(["sim", "import", windows, home.path + "/crlf-\(index)-out.nfc", "--json"])
            #expect(plain.status == 0, "\(file): \(plain.io.errorOutput)")
            #expect(crlf.status == 0, "\(file) with CR LF: \(crlf.io.errorOutput)")
            let made = try String(contentsOfFile: home.path + "/lf-\(index)-out.nfc", encoding: .utf8)
            let madeFromCRLF = try String(contentsOfFile: home.path + "/crlf-\(index)-out.nfc", encoding: .utf8)
            #expect(made == madeFromCRLF, "\(file): the CR LF copy made another tag")
            #expect(
                plain.io.outputText.replacingOccurrences(of: "lf-\(index)-out", with: "X")
                    == crlf.io.outputText.replacingOccurrences(of: "crlf-\(index)-out", with: "X"))
        }
    }
}
