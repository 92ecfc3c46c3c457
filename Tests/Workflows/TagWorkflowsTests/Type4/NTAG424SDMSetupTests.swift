import NDEF
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

@testable import TagWorkflows

/// `setUpSDM` over the emulated NTAG 424 DNA: the NDEF file and file settings the template calls
/// for, read back; a rerun sends nothing; torn at every command in every mode, the keys still
/// work and a rerun completes the setup.
@Suite struct NTAG424SDMSetupTests {
    static let uid: [UInt8] = [0x04, 0x53, 0x44, 0x4D, 0x00, 0x00, 0x01]
    static let template = try! SUNTemplate(
        "https://my424dna.com/?picc_data={picc}&enc={enc}&cmac={mac}", fileData: Array("xxxxxxxxxxxxxxxx".utf8))

    static func writtenTag() async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: uid)
        _ = try await Type4Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/old")]))
        return tag
    }

    /// The static NDEF file (authenticated ReadData does not mirror) and file 2's settings.
    static func state(_ tag: EmulatedType4Tag) async throws -> (file: [UInt8], settings: NTAG424FileSettings) {
        tag.present()
        let driver = Type4Tag(channel: tag)
        _ = try await driver.identify()
        try await driver.selectApplication()
        let settings = try await driver.fileSettings(2)
        var session = try await driver.authenticate(keyNumber: 0, key: Type4Tag.factoryKey)
        let mode = NTAG424CommMode(fileOption: settings.fileOption)
        let file = try await driver.secureData(&session, mode: mode) { session throws(NTAG424SecureError) in
            try session.readData(file: 2, offset: 0, length: template.fileBytes.count, mode: mode)
        }
        return (file, settings)
    }

    @Test func setUpWritesTheTemplateAndItsSettings() async throws {
        let tag = try await Self.writtenTag()
        let report = try await Type4Tag(channel: tag).setUpSDM(Self.template)
        #expect(report.steps == [.ndefFile, .fileSettings])
        #expect(report.verified)
        let (file, settings) = try await Self.state(tag)
        #expect(file == Self.template.fileBytes)
        #expect(settings == Self.template.expectedFileSettings())
        #expect(try settings.sdm?.get() == Self.template.sdm)
        // Run again: everything is in place, nothing is sent that changes the tag.
        tag.present()
        let again = try await Type4Tag(channel: tag).setUpSDM(Self.template)
        #expect(again.steps.isEmpty && again.verified)
    }

    @Test func refusals() async throws {
        let generic = EmulatedType4Tag(model: .genericType4, uid: Self.uid)
        await #expect(throws: NTAG424SetupRefusal.notNTAG424(model: .genericType4)) {
            try await Type4Tag(channel: generic).setUpSDM(Self.template)
        }
        let tag = try await Self.writtenTag()
        await #expect(throws: Type4LockRefusal.keyRefused(keyNumber: 0, status: StatusWord(0x91AE), model: .ntag424DNA))
        {
            try await Type4Tag(channel: tag).setUpSDM(Self.template, key: [UInt8](repeating: 0x11, count: 16))
        }
        let (_, settings) = try await Self.state(tag)
        #expect(!settings.isSDMEnabled)
    }

    @Test func aTornSetupKeepsTheKeysAndARerunCompletesIt() async throws {
        let reference = try await Self.writtenTag()
        reference.clearLog()
        _ = try await Type4Tag(channel: reference).setUpSDM(Self.template)
        let total = reference.commandLog.count
        var torn = 0
        for mode in TearMode.allCases {
            for point in 0..<total {
                let tag = try await Self.writtenTag()
                tag.tearAfter(commands: point, mode: mode)
                var message: String?
                do {
                    _ = try await Type4Tag(channel: tag).setUpSDM(Self.template)
                } catch let error as NTAG424SDMSetupInterrupted {
                    message = error.sentence
                } catch {
                    // A tear while reading (before the first step, or during the read-back).
                }
                tag.cancelTear()
                let context = "\(mode.rawValue) tear after \(point) of \(total)"
                if let message { #expect(message.contains("The keys are unchanged"), "\(context)") }
                // The key still authenticates (state() authenticates with key 0).
                let (file, settings) = try await Self.state(tag)
                // SDM is never on over a file that does not hold the template.
                if settings.isSDMEnabled { #expect(file == Self.template.fileBytes, "\(context)") }
                tag.present()
                let rerun = try await Type4Tag(channel: tag).setUpSDM(Self.template)
                #expect(rerun.verified, "\(context): the rerun did not complete the setup")
                torn += 1
            }
        }
        #expect(torn == total * TearMode.allCases.count)
    }
}
