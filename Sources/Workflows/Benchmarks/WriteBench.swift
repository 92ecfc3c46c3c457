import Cards
import Contacts
import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows
import TapCardSupport
import Type2

/// Writing on an emulated tag through the real workflow (`Type2Tag.write(_:verify:)`), measured
/// from the emulator's command log: commands sent, pages programmed, modeled air time (datasheet
/// timing, `Type2Timing`; modeled, never measured), against the physical minimum for the same
/// change.
enum WriteBench {
    /// One write-and-verify, in figures.
    struct Figures {
        var messageBytes: Int
        var commands: Int
        /// WRITE commands sent (a page may be written twice: clear the length, then commit).
        var pageWrites: Int
        /// Distinct pages written.
        var pagesWritten: Int
        /// Pages whose bytes differ between before and after.
        var pagesChanged: Int
        var modeledMicroseconds: Double
        /// `pagesChanged` WRITE exchanges plus one FAST_READ of the pages holding the NDEF TLV.
        var minimumMicroseconds: Double
        var verified: Bool

        var ratio: Double { minimumMicroseconds > 0 ? modeledMicroseconds / minimumMicroseconds : 0 }

        var json: JSON {
            .object([
                ("message_bytes", .int(messageBytes)), ("commands", .int(commands)),
                ("page_writes", .int(pageWrites)), ("pages_written", .int(pagesWritten)),
                ("pages_changed", .int(pagesChanged)),
                ("modeled_air_time_ms", JSONContract.rounded(milliseconds(modeledMicroseconds), places: 2)),
                ("physical_minimum_ms", JSONContract.rounded(milliseconds(minimumMicroseconds), places: 2)),
                ("ratio", .double((ratio * 1000).rounded() / 1000)), ("verified", .bool(verified)),
            ])
        }
    }

    struct Result {
        var fresh: Figures
        var identical: Figures
        var oneField: Figures
    }

    static func milliseconds(_ microseconds: Double) -> Double { (microseconds / 10).rounded() / 100 }

    /// One WRITE: a 6-byte frame, page programming, the 4-bit ACK.
    static let writeExchange = Type2Timing.exchangeMicroseconds(commandBytes: 6, responseBytes: nil, programsPage: true)

    /// The 137-byte message (a vCard filling an NTAG213 exactly: name, phone and a note sized to
    /// fit), and the same card with its phone number changed (same length).
    static func ntag213Messages() -> (NDEFMessage, NDEFMessage) {
        var profile = ContactProfile(displayName: "Jane Doe", phones: [Phone("+49 30 1234567")])
        func message(_ profile: ContactProfile) -> NDEFMessage {
            NDEFMessage(records: [.mime(type: VCardEncoder.mediaType, payload: VCardEncoder.encode(profile))])
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        while message(profile).length < 137 {
            profile.note.append(alphabet[profile.note.count % alphabet.count])
        }
        var changed = profile
        changed.phones = [Phone("+49 30 7654321")]
        return (message(profile), message(changed))
    }

    static func run() async throws -> Result {
        let (message, changed) = ntag213Messages()
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 0x5E, 0xC8, 0xBA, 0x07, 0x4F, 0x81])
        let fresh = try await measure(tag, message)
        let identical = try await measure(tag, message)
        let oneField = try await measure(tag, changed)
        return Result(fresh: fresh, identical: identical, oneField: oneField)
    }

    /// Writes `message` on `tag` (which keeps what it held) and reads the figures off its log.
    static func measure(_ tag: EmulatedTag, _ message: NDEFMessage) async throws -> Figures {
        let before = tag.memory
        tag.clearLog()
        let report = try await Type2Tag(transport: tag).write(message, verify: true)
        let after = tag.memory
        let changed = stride(from: 0, to: after.count, by: 4).filter { before[$0..<$0 + 4] != after[$0..<$0 + 4] }
        let writes = tag.commandLog.filter { $0.command.first == 0xA2 }
        return Figures(
            messageBytes: message.length, commands: tag.commandLog.count, pageWrites: writes.count,
            pagesWritten: Set(writes.compactMap { $0.command.count > 1 ? $0.command[1] : nil }).count,
            pagesChanged: changed.count, modeledMicroseconds: tag.modeledAirTimeMicroseconds,
            minimumMicroseconds: Double(changed.count) * writeExchange + readBack(after, model: tag.model),
            verified: report.verified)
    }

    /// One FAST_READ (`3A start end`, NTAG21x) of the pages from the NDEF TLV's type byte to the
    /// message's last byte: the least reading that proves the message is there.
    static func readBack(_ memory: [UInt8], model: TagModel) -> Double {
        guard let ndef = Type2Snapshot(memory: memory, model: model).ndef else { return 0 }
        let first = ndef.typeAddress / 4
        let last = (ndef.typeAddress + ndef.lengthFieldBytes + ndef.length) / 4
        let pages = last - first + 1
        return Type2Timing.exchangeMicroseconds(commandBytes: 3, responseBytes: pages * 4, programsPage: false)
    }
}

/// Batch provisioning: a card per profile, each written and verified on its own emulated
/// NTAG215, measured end to end (encoding, preflight, writes, read-back).
enum BatchBench {
    struct Result {
        var profiles: Int
        var verifiedWrites: Int
        var seconds: Double
        var modeledAirTimeMicroseconds: Double
        var messageBytes: Int

        var perSecond: Double { seconds > 0 ? Double(verifiedWrites) / seconds : 0 }

        var json: JSON {
            .object([
                ("profiles", .int(profiles)), ("verified_writes", .int(verifiedWrites)),
                ("seconds", .double((seconds * 1000).rounded() / 1000)),
                ("verified_writes_per_second", .double(perSecond.rounded())),
                ("message_bytes", .int(messageBytes)),
                ("modeled_air_time_s", .double((modeledAirTimeMicroseconds / 1e4).rounded() / 100)),
            ])
        }
    }

    static func run(profiles: [ContactProfile]) async -> Result {
        let capacity = TagModel.ntag215.assumedCapacity
        let clock = ContinuousClock()
        let start = clock.now
        var verified = 0
        var airTime = 0.0
        var bytes = 0
        for (index, profile) in profiles.enumerated() {
            // A vCard when it fits the NTAG215, else the smaller MeCard.
            guard
                let card = [CardFormat.vcard, .mecard].lazy.compactMap({
                    try? FitAdvisor.encode(profile, as: $0, link: nil, capacity: capacity)
                }).first(where: \.fits),
                let message = try? NDEFMessage.decode(card.messageBytes)
            else { continue }
            let uid: [UInt8] = [
                0x04, 0x42, UInt8(index >> 16 & 0xFF), UInt8(index >> 8 & 0xFF), UInt8(index & 0xFF), 0x10, 0x80,
            ]
            let tag = EmulatedTag(model: .ntag215, uid: uid)
            guard let report = try? await Type2Tag(transport: tag).write(message, verify: true), report.verified
            else { continue }
            verified += 1
            bytes += card.size
            airTime += tag.modeledAirTimeMicroseconds
        }
        return Result(
            profiles: profiles.count, verifiedWrites: verified, seconds: BenchClock.seconds(clock.now - start),
            modeledAirTimeMicroseconds: airTime, messageBytes: bytes)
    }
}
