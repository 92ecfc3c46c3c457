import NDEF
import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TapCardSupport
import Testing
import Type4

@testable import TagWorkflows

/// A MIFARE DESFire through the one Type 4 driver, against the emulated EV3: recognised by
/// GetVersion without an NDEF application, formatted per AN11004 in plain commands, then read,
/// written and locked as any Type 4 tag; a torn format finished by running it again.
@Suite struct DESFireDriverTests {
    static let uid: [UInt8] = [0x04, 0xD5, 0xE5, 0xF5, 0xA5, 0xB5, 0xC5]
    static let model = TagModel.desfireEV3_4K

    static func blank() -> EmulatedType4Tag { EmulatedType4Tag(model: model, uid: uid) }

    static func driver(_ tag: EmulatedType4Tag) -> Type4Tag { Type4Tag(channel: tag, uid: tag.uid) }

    @Test func aBlankCardIsADESFireThatIsNotFormatted() async throws {
        let tag = Self.blank()
        let report = try await Self.driver(tag).readTag()
        #expect(report.facts.model == Self.model)
        #expect(report.facts.chipName == "MIFARE DESFire EV3 (4 KB)" || report.facts.chipName == Self.model.displayName)
        #expect(report.status == .notFormatted)
        #expect(report.content == .notFormatted)
        #expect(report.capacity == Self.model.assumedCapacity)
        #expect(report.capacity?.bytes == 2046)
        // Writing is refused before anything is sent that changes the card.
        let before = String(describing: tag.memory)
        await #expect(throws: WritePreflightError.notFormatted) {
            _ = try await Self.driver(tag).write(NDEFMessage(records: [.uri("https://example.com")]))
        }
        #expect(String(describing: tag.memory) == before)
        // info: the card's own figures.
        let inspection = try await Self.driver(tag).inspect()
        #expect(inspection.desfire?.applications == [])
        let free = try #require(inspection.desfire?.freeMemory)
        #expect(free > 2048)
        let fields = inspection.fields(uid: Self.uid, carrier: "ISO-DEP")
        #expect(fields.contains { $0.label == "Applications" && $0.value == "none" })
        #expect(fields.contains { $0.label == "NDEF status" && $0.value.hasPrefix("Not NDEF-formatted") })
    }

    @Test func formatThenWriteReadAndLockAsAType4Tag() async throws {
        let tag = Self.blank()
        let format = try await Self.driver(tag).formatDESFire()
        #expect(format.verified)
        #expect(format.ndefFileSize == 2048 && format.sizeChoice == .standard)
        #expect(
            format.steps.map(\.purpose) == [
                .selectPICC, .createApplication, .selectApplication, .createCCFile, .writeCC, .restrictCCFile,
                .createNDEFFile, .clearNDEFLength,
            ])
        #expect(!format.authenticatedWithPICCMasterKey)
        #expect(format.before.applications == [])
        #expect(format.summaryLines(uid: Self.uid).last?.hasPrefix("Verified:") == true)
        // The card a Type 4 reader now sees.
        let empty = try await Self.driver(tag).readTag()
        #expect(empty.status == .readWrite && empty.content == .empty)
        #expect(empty.capacity?.bytes == 2046 && empty.capacity?.source == .reported)
        let message = NDEFMessage(records: [.uri("https://example.com/desfire"), .text("EV3", language: "en")])
        let written = try await Self.driver(tag).writeMessage(message, verify: true)
        #expect(written.verified)
        #expect(try await Self.driver(tag).readTag().content.message == message)
        // info lists the new application.
        let inspection = try await Self.driver(tag).inspect()
        #expect(inspection.desfire?.applications == [DESFireNDEFApplication.applicationID])
        #expect(inspection.desfire?.applicationsPhrase == "000001 (NDEF, AN11004 mapping v2)")
        #expect(inspection.fileSettings.keys.sorted() == [1, 2])
        // A second format: the card holds a message, so it is refused and nothing changes.
        let before = String(describing: tag.memory)
        await #expect(throws: FormatRefusal.holdsMessage(messageBytes: message.encoded().count)) {
            _ = try await Self.driver(tag).formatDESFire()
        }
        #expect(String(describing: tag.memory) == before)
        // lock: EV2First with the application's key 0 (all zeros, as format made it).
        let lock = try await Self.driver(tag).lock(confirmation: .permanent)
        #expect(lock.verified && lock.authenticationName == "AuthenticateEV2First")
        let locked = try await Self.driver(tag).readTag()
        #expect(locked.status == .readOnly && locked.content.message == message)
    }

    @Test func formattingAnEmptyNDEFCardSendsNothing() async throws {
        let tag = Self.blank()
        _ = try await Self.driver(tag).formatDESFire()
        let again = try await Self.driver(tag).formatDESFire()
        #expect(again.steps.isEmpty && again.verified)
        #expect(again.summaryLines(uid: Self.uid).first?.hasPrefix("Nothing needed sending") == true)
    }

    @Test func theNDEFFileSizeFollowsTheRequestAndTheFreeMemory() async throws {
        let tag = Self.blank()
        let asked = try await Self.driver(tag).formatDESFire(ndefFileSize: 512)
        #expect(asked.verified && asked.ndefFileSize == 512 && asked.sizeChoice == .requested)
        #expect(try await Self.driver(tag).readTag().capacity?.bytes == 510)
        // A size the reported free memory cannot hold is refused before anything is sent.
        let other = Self.blank()
        let free = try #require(try await Self.driver(other).inspect().desfire?.freeMemory)
        let before = String(describing: other.memory)
        do {
            _ = try await Self.driver(other).formatDESFire(ndefFileSize: min(free + 32, 0xFFFE))
            Issue.record("a size larger than the free memory was accepted")
        } catch let refusal as DESFireFormatRefusal {
            guard case .doesNotFit(_, let reported, _) = refusal else {
                Issue.record("\(refusal)")
                return
            }
            #expect(reported == free && refusal.origin == .refusal)
        }
        #expect(String(describing: other.memory) == before)
        // The standard size shrinks to what fits (32-byte blocks, 64 bytes for the application).
        let (size, choice) = try Type4Tag.ndefFileSize(asked: nil, standard: 2048, state: .absent, freeMemory: 1000)
        #expect(size == (1000 - 64 - 32) / 32 * 32 && choice == .fittedToFreeMemory(freeMemory: 1000))
        #expect(throws: DESFireFormatRefusal.noRoom(freeMemory: 90)) {
            try Type4Tag.ndefFileSize(asked: nil, standard: 2048, state: .absent, freeMemory: 90)
        }
    }

    @Test func aCardThatWantsItsPICCMasterKeyIsFormattedInAnEV2FirstSession() async throws {
        let key: [UInt8] = Array(0x10...0x1F)
        var picc = DESFirePICC.factory.withAESMasterKey(key)
        picc.keySettings = 0x0B  // bit 2 clear: CreateApplication needs the PICC master key
        let tag = try EmulatedType4Tag(model: Self.model, uid: Self.uid, picc: picc)
        // Without the key (all zeros tried): refused by the card, nothing created.
        let before = String(describing: tag.memory)
        do {
            _ = try await Self.driver(tag).formatDESFire()
            Issue.record("the all-zero key was accepted")
        } catch let refusal as DESFireFormatRefusal {
            guard case .piccKeyRefused(let given, let status, let authentication) = refusal else {
                Issue.record("\(refusal)")
                return
            }
            #expect(!given && status == StatusWord(0x91AE) && refusal.origin == .tag)
            #expect(authentication == .authenticateEV2First)
        }
        #expect(String(describing: tag.memory) == before)
        let format = try await Self.driver(tag).formatDESFire(key: key)
        #expect(format.verified && format.authenticatedWithPICCMasterKey)
        #expect(format.piccAuthentication == .authenticateEV2First)
    }

    // MARK: DESFire EV1: AuthenticateAES

    /// GetVersion parts 1 and 2 of a DESFire EV1 4K (hardware and software major version 01).
    static let ev1Version: [[UInt8]] = [
        [0x04, 0x01, 0x01, 0x01, 0x00, 0x18, 0x05], [0x04, 0x01, 0x01, 0x01, 0x04, 0x18, 0x05],
    ]
    static let ev1Key: [UInt8] = Array(0x20...0x2F)

    /// The catalog's EV1 4K: it knows AuthenticateAES, not EV2First.
    static func ev1(_ picc: DESFirePICC = .factory) throws -> EmulatedType4Tag {
        try EmulatedType4Tag(model: .desfireEV1_4K, uid: uid, picc: picc)
    }

    @Test func aGetVersionIsTheCatalogModelWithTheSameHardwareOrNamedFromItsAnswer() async throws {
        #expect(TagModel.desfireEV1_4K.type4?.versionParts == Self.ev1Version)
        let ev1 = try await Self.driver(try Self.ev1()).identify()
        #expect(ev1.model == .desfireEV1_4K && ev1.desfire?.generation == .ev1 && !ev1.speaksEV2)
        #expect(ev1.phrase.hasPrefix("MIFARE DESFire EV1 (4 KB) (by GetVersion: NXP, HW 1.0, SW 1.4"))
        let ev3 = try await Self.driver(EmulatedType4Tag(model: Self.model, uid: Self.uid)).identify()
        #expect(ev3.model == .desfireEV3_4K && ev3.desfire?.generation == .ev3 && ev3.speaksEV2)
        let ev2 = try await Self.driver(EmulatedType4Tag(model: .desfireEV2_8K, uid: Self.uid)).identify()
        #expect(ev2.model == .desfireEV2_8K && ev2.desfire?.generation == .ev2 && ev2.speaksEV2)
        #expect(
            ev2.phrase.hasPrefix(
                "MIFARE DESFire EV2 (8 KB) (by GetVersion: NXP, HW 18.0, SW 2.1, made in week 31 of 2019"))
        // An EV1 2K (hardware 04 01 01 01 00 16 05) is in no catalog entry: no model, named from
        // its answer.
        let twoK = try EmulatedType4Tag(
            model: .desfireEV1_4K, uid: Self.uid, picc: .factory,
            versionParts: [[0x04, 0x01, 0x01, 0x01, 0x00, 0x16, 0x05], [0x04, 0x01, 0x01, 0x01, 0x04, 0x16, 0x05]])
        let named = try await Self.driver(twoK).identify()
        #expect(named.model == nil && !named.speaksEV2)
        #expect(named.phrase.hasPrefix("MIFARE DESFire EV1, 2048 bytes (by GetVersion"))
    }

    /// An EV1 whose PICC key settings (0B) forbid CreateApplication without its AES master key.
    static func guardedEV1() throws -> EmulatedType4Tag {
        var picc = DESFirePICC.factory.withAESMasterKey(ev1Key)
        picc.keySettings = 0x0B
        return try ev1(picc)
    }

    /// The native instructions sent from log index `start` on.
    static func instructions(_ tag: EmulatedType4Tag, from start: Int = 0) -> [UInt8] {
        tag.commandLog.dropFirst(start).filter { $0.command.cla == 0x90 }.map(\.command.ins)
    }

    @Test func anEV1ThatWantsItsPICCMasterKeyIsFormattedInAnAuthenticateAESSession() async throws {
        let tag = try Self.guardedEV1()
        let identification = try await Self.driver(tag).identify()
        #expect(identification.desfire?.generation == .ev1 && !identification.speaksEV2)
        // Without the key (all zeros tried): the card refuses the key; after its 91 AE nothing more
        // is sent, and nothing changed.
        let before = String(describing: tag.memory)
        do {
            _ = try await Self.driver(tag).formatDESFire()
            Issue.record("the all-zero key was accepted")
        } catch let refusal as DESFireFormatRefusal {
            #expect(
                refusal == .piccKeyRefused(given: false, status: StatusWord(0x91AE), authentication: .authenticateAES))
            #expect(refusal.origin == .tag && refusal.sentence.contains("AuthenticateAES answered 91 AE"))
        }
        #expect(String(describing: tag.memory) == before)
        #expect(tag.commandLog.last.map { $0.command.cla == 0x90 && $0.command.ins == 0xAF } == true)
        #expect(!Self.instructions(tag).contains(0x71))
        // A wrong key given: the same, with given = true.
        await #expect(
            throws: DESFireFormatRefusal.piccKeyRefused(
                given: true, status: StatusWord(0x91AE), authentication: .authenticateAES)
        ) {
            _ = try await Self.driver(tag).formatDESFire(key: [UInt8](repeating: 0x55, count: 16))
        }
        #expect(String(describing: tag.memory) == before)
        // The right key: CreateApplication again inside the AuthenticateAES session.
        let start = tag.commandLog.count
        let format = try await Self.driver(tag).formatDESFire(key: Self.ev1Key)
        #expect(format.verified && format.piccAuthentication == .authenticateAES)
        let sent = Self.instructions(tag, from: start)
        #expect(sent.contains(0xAA) && !sent.contains(0x71))
        #expect(format.summaryLines(uid: Self.uid).contains { $0.contains("AuthenticateAES session") })
        #expect(tag.picc?.application(0x000001) != nil)
        let written = try await Self.driver(tag).writeMessage(
            NDEFMessage(records: [.text("EV1", language: "en")]), verify: true)
        #expect(written.verified)
    }

    /// `lock` on an EV1: AuthenticateAES with the NDEF application's key 0, WriteData and
    /// ChangeFileSettings in EV1 secure messaging; a wrong key is refused by the card with its
    /// status word and nothing changes.
    @Test func anEV1IsLockedThroughAuthenticateAES() async throws {
        let tag = try Self.ev1()
        _ = try await Self.driver(tag).formatDESFire()
        let message = NDEFMessage(records: [.uri("https://example.com/ev1")])
        #expect(try await Self.driver(tag).writeMessage(message, verify: true).verified)
        let before = String(describing: tag.memory)
        let start = tag.commandLog.count
        await #expect(throws: Type4LockRefusal.ev1KeyRefused(keyNumber: 0, status: StatusWord(0x91AE))) {
            _ = try await Self.driver(tag).lock(confirmation: .permanent, key: [UInt8](repeating: 0x55, count: 16))
        }
        #expect(String(describing: tag.memory) == before)
        #expect(tag.commandLog.last.map { $0.command.ins == 0xAF } == true)
        #expect(!Self.instructions(tag, from: start).contains(0x5F))
        let lock = try await Self.driver(tag).lock(confirmation: .permanent)
        #expect(lock.verified && lock.steps == [.ccWriteAccess, .ndefFileSettings, .ccFileSettings])
        #expect(lock.authenticationName == "AuthenticateAES")
        let sent = Self.instructions(tag, from: start)
        #expect(sent.contains(0xAA) && sent.contains(0x5F) && !sent.contains(0x71))
        let locked = try await Self.driver(tag).readTag()
        #expect(locked.status == .readOnly && locked.content.message == message)
        // Run again: nothing left to do, nothing sent that changes the card.
        let again = try await Self.driver(tag).lock(confirmation: .permanent)
        #expect(again.steps.isEmpty && again.verified)
    }

    /// The EV1 lock torn at every command index in every mode: the card still reads the message,
    /// writable or read-only, and the same lock run again finishes it.
    @Test(arguments: [TearMode.notDelivered, .replyLost, .corruptedWrite])
    func aTornEV1LockIsFinishedByRunningItAgain(mode: TearMode) async throws {
        let message = NDEFMessage(records: [.uri("https://example.com/ev1-lock")])
        func formatted() async throws -> EmulatedType4Tag {
            let tag = try Self.ev1()
            _ = try await Self.driver(tag).formatDESFire()
            _ = try await Self.driver(tag).writeMessage(message, verify: false)
            return tag
        }
        let reference = try await formatted()
        let start = reference.commandLog.count
        _ = try await Self.driver(reference).lock(confirmation: .permanent)
        let total = reference.commandLog.count - start
        #expect(total > 8)
        for index in 1...total {
            let tag = try await formatted()
            tag.tearAfter(commands: index - 1, mode: mode)
            do {
                _ = try await Self.driver(tag).lock(confirmation: .permanent)
            } catch {
                #expect(error is Type4LockInterrupted || error is Type4Failure, "\(index): \(error)")
            }
            tag.present()
            let seen = try await Self.driver(tag).readTag()
            #expect(seen.content.message == message, "tear at \(index) (\(mode))")
            let finished = try await Self.driver(tag).lock(confirmation: .permanent)
            #expect(finished.verified, "tear at \(index) (\(mode))")
            let locked = try await Self.driver(tag).readTag()
            #expect(locked.status == .readOnly && locked.content.message == message, "tear at \(index) (\(mode))")
        }
    }

    /// The EV1 format with its PICC master key torn at every command index in every mode: the card
    /// reads as not formatted or as a formatted, empty card, and the same format run again
    /// finishes it.
    @Test(arguments: [TearMode.notDelivered, .replyLost, .corruptedWrite])
    func aTornEV1FormatIsFinishedByRunningItAgain(mode: TearMode) async throws {
        let reference = try Self.guardedEV1()
        let start = reference.commandLog.count
        _ = try await Self.driver(reference).formatDESFire(key: Self.ev1Key)
        let total = reference.commandLog.count - start
        #expect(total > 10)
        for index in 1...total {
            let tag = try Self.guardedEV1()
            tag.tearAfter(commands: index - 1, mode: mode)
            do {
                _ = try await Self.driver(tag).formatDESFire(key: Self.ev1Key)
            } catch {
                #expect(error is DESFireFormatInterrupted || error is Type4Failure, "\(index): \(error)")
            }
            tag.present()
            let seen = try await Self.driver(tag).readTag()
            #expect(
                seen.status == .notFormatted || (seen.status == .readWrite && seen.content == .empty),
                "tear at \(index) (\(mode)): \(seen.status) \(seen.content)")
            let finished = try await Self.driver(tag).formatDESFire(key: Self.ev1Key)
            #expect(finished.verified, "tear at \(index) (\(mode))")
            #expect(finished.stateBefore.foreign == nil, "tear at \(index) (\(mode))")
        }
    }

    /// Tears the format at every command index in every mode: the card then reads as not
    /// formatted or as a formatted, empty card (never as anything else), and the same format run
    /// again finishes it.
    @Test(arguments: [TearMode.notDelivered, .replyLost, .corruptedWrite])
    func aTornFormatIsFinishedByRunningItAgain(mode: TearMode) async throws {
        let reference = Self.blank()
        let start = reference.commandLog.count
        _ = try await Self.driver(reference).formatDESFire()
        let total = reference.commandLog.count - start
        #expect(total > 8)
        for index in 1...total {
            let tag = Self.blank()
            tag.tearAfter(commands: index - 1, mode: mode)
            do {
                _ = try await Self.driver(tag).formatDESFire()
            } catch {
                #expect(error is DESFireFormatInterrupted || error is Type4Failure, "\(index): \(error)")
            }
            tag.present()
            let seen = try await Self.driver(tag).readTag()
            #expect(
                seen.status == .notFormatted || (seen.status == .readWrite && seen.content == .empty),
                "tear at \(index) (\(mode)): \(seen.status) \(seen.content)")
            let finished = try await Self.driver(tag).formatDESFire()
            #expect(finished.verified, "tear at \(index) (\(mode))")
            // What the torn format left is its own, never taken for another issuer's.
            #expect(finished.stateBefore.foreign == nil, "tear at \(index) (\(mode))")
            #expect(try await Self.driver(tag).readTag().capacity?.bytes == 2046)
        }
    }
}
