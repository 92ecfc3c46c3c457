import NDEF
import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

@testable import TagWorkflows

/// Application `000001` is not reserved: any issuer may use it. `format` takes it over only when
/// it is provably AN11004's NDEF application as AN11004 and TapCard lay it out; any other
/// application there is refused with nothing changed, and `info` names it as another issuer's.
/// Before this, a format took a foreign 32-byte file 01 for a half-made CC file, overwrote it and
/// changed its rights, then failed at CreateStdDataFile (91 7E) on every run.
@Suite struct DESFireForeignApplicationTests {
    static let uid: [UInt8] = [0x04, 0xD5, 0xE5, 0xF5, 0xA5, 0xB5, 0xC5]
    static let model = TagModel.desfireEV3_4K
    static let zeroKey = Type4Key(value: [UInt8](repeating: 0, count: 16), version: 0)

    static func file(_ number: UInt8, fid: UInt16?, rights: (UInt8, UInt8), size: Int, byte: UInt8 = 0x5A)
        -> DESFireDataFile
    {
        DESFireDataFile(
            number: number, isoFileID: fid, communication: 0x00,
            accessRights: Type4AccessRights(bytes: rights.0, rights.1), contents: [UInt8](repeating: byte, count: size))
    }

    static func application(
        fid: UInt16? = 0xE110, name: [UInt8] = DESFireNDEFApplication.dfName, files: [DESFireDataFile]
    )
        -> DESFireApplication
    {
        DESFireApplication(
            aid: 0x000001, keySettings: 0x0F, keyType: .aes, keys: [zeroKey], isoFileID: fid,
            dfName: fid == nil ? [] : name, files: files)
    }

    /// Starting states TapCard did not make, each with the fact that gives it away.
    static let foreignStates: [(name: String, application: DESFireApplication, expected: DESFireForeignApplication)] = [
        (
            "the issue's: no DF name, a free 32-byte file 01",
            application(fid: nil, files: [file(1, fid: nil, rights: (0xEE, 0xEE), size: 32)]), .noDFName
        ),
        (
            "another DF name",
            application(name: [0xA0, 0x00, 0x00, 0x06, 0x47, 0x2F, 0x00, 0x01], files: []),
            .dfName(isoFileID: 0xE110, name: [0xA0, 0x00, 0x00, 0x06, 0x47, 0x2F, 0x00, 0x01])
        ),
        (
            "another DF identifier",
            application(fid: 0x3F10, files: []), .dfName(isoFileID: 0x3F10, name: DESFireNDEFApplication.dfName)
        ),
        (
            "a third file",
            application(files: [
                file(1, fid: 0xE103, rights: (0xEE, 0xEE), size: 15),
                file(3, fid: 0xE105, rights: (0xEE, 0xEE), size: 32),
            ]), .otherFiles([3])
        ),
        (
            "file 01 under another ISO identifier",
            application(files: [file(1, fid: 0x0101, rights: (0xEE, 0xEE), size: 15)]),
            .isoFileIDs(found: [0x0101], expected: [0xE103])
        ),
        (
            "file 01 of 32 bytes",
            application(files: [file(1, fid: 0xE103, rights: (0xEE, 0xEE), size: 32)]),
            .fileSettings(
                file: 1, settings: [0x00, 0x00, 0xEE, 0xEE, 0x20, 0x00, 0x00],
                expected: "a plain standard data file of 15 bytes with rights EEEE, E000 or EFFF")
        ),
        (
            "file 01 readable with key 1 only",
            application(files: [file(1, fid: 0xE103, rights: (0x00, 0x10), size: 15)]),
            .fileSettings(
                file: 1, settings: [0x00, 0x00, 0x00, 0x10, 0x0F, 0x00, 0x00],
                expected: "a plain standard data file of 15 bytes with rights EEEE, E000 or EFFF")
        ),
        (
            "file 02 without file 01 and with other rights",
            application(files: [file(2, fid: 0xE104, rights: (0x00, 0x00), size: 64)]),
            .fileSettings(
                file: 2, settings: [0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00],
                expected: "a plain standard data file of 5 to 65534 bytes with rights EEE0 or EFFF")
        ),
    ]

    /// An EV3 as shipped but for `application` at 000001.
    static func card(holding application: DESFireApplication) throws -> EmulatedType4Tag {
        var picc = DESFirePICC.factory
        picc.applications = [application]
        return try EmulatedType4Tag(model: model, uid: uid, picc: picc)
    }

    @Test(arguments: 0..<foreignStates.count)
    func aForeignApplicationIsRefusedWithNothingChangedAndNamedByInfo(_ index: Int) async throws {
        let state = Self.foreignStates[index]
        let tag = try Self.card(holding: state.application)
        let before = tag.memory
        do {
            _ = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire()
            Issue.record("\(state.name): the format went ahead")
        } catch let refusal as DESFireFormatRefusal {
            #expect(refusal == .foreignApplication(state.expected), "\(state.name)")
            #expect(refusal.origin == .refusal)
            #expect(refusal.sentence.contains("Nothing was written"))
        }
        #expect(tag.memory == before, "\(state.name): the card changed")
        // Run again: the same refusal, still nothing changed (never a loop of half-formats).
        await #expect(throws: DESFireFormatRefusal.foreignApplication(state.expected)) {
            _ = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire()
        }
        #expect(tag.memory == before)
        let inspection = try await Type4Tag(channel: tag, uid: tag.uid).inspect()
        #expect(inspection.desfire?.foreignNDEFApplication == state.expected, "\(state.name)")
        #expect(inspection.desfire?.applicationsPhrase.contains("another issuer's application") == true)
        #expect(inspection.desfire?.applicationsPhrase.contains("AN11004 mapping v2") == false)
        #expect(tag.memory == before)
    }

    /// The size asked for must be the one the card will have: refused, not ignored, on a
    /// formatted card whose file has another size; the same size is fine.
    @Test func anNDEFSizeTheCardCannotTakeIsRefused() async throws {
        let tag = EmulatedType4Tag(model: Self.model, uid: Self.uid)
        _ = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire()
        let before = tag.memory
        await #expect(throws: DESFireFormatRefusal.sizeFixed(asked: 6000, existing: 2048, complete: true)) {
            _ = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire(ndefFileSize: 6000)
        }
        #expect(tag.memory == before)
        let same = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire(ndefFileSize: 2048)
        #expect(same.steps.isEmpty && same.verified)
        #expect(tag.memory == before)
    }

    /// `lock` takes over application 000001 no more than `format` does (the hostile newcomer
    /// locked an application `info` and `format` called another issuer's: file 02 under E105,
    /// other rights, MAC mode, a CC naming another size, a third file). Refused, unchanged.
    @Test(arguments: 0..<foreignStates.count)
    func lockLeavesAForeignApplicationAlone(_ index: Int) async throws {
        let state = Self.foreignStates[index]
        let tag = try Self.card(holding: state.application)
        let before = tag.memory
        do {
            _ = try await Type4Tag(channel: tag, uid: tag.uid).lock(confirmation: .permanent)
            Issue.record("\(state.name): the lock went ahead")
        } catch let refusal as Type4LockRefusal {
            #expect(refusal == .foreignApplication(state.expected), "\(state.name)")
        } catch let refusal as WritePreflightError {
            // Without the NDEF DF name no reader takes it for an NDEF card: not formatted.
            #expect(refusal == .notFormatted, "\(state.name)")
        }
        #expect(tag.memory == before, "\(state.name): the card changed")
    }

    @Test func aFormattedCardWithAnotherNDEFFileIdentifierIsNotLocked() async throws {
        let tag = EmulatedType4Tag(model: .desfireEV2_8K, uid: Self.uid)
        _ = try await Type4Tag(channel: tag, uid: tag.uid).formatDESFire()
        tag.memory.picc?.applications[0].files[1].isoFileID = 0xE105
        let before = tag.memory
        await #expect(throws: Type4LockRefusal.self) {
            _ = try await Type4Tag(channel: tag, uid: tag.uid).lock(confirmation: .permanent)
        }
        #expect(tag.memory == before)
    }
}
