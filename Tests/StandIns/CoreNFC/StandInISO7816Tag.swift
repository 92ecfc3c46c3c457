import Foundation
import TagFrames
import TagTransport

/// An ISO 14443-4 tag as CoreNFC presents it through `NFCTag.iso7816` (a generic NFC Forum Type 4
/// tag, an NTAG 424 DNA): its APDUs go to any ``/TagTransport/ISODepChannel`` — an emulated Type 4
/// chip in tests — and its NDEF operations are the stand-in's own Type 4 mapping (``StandInType4``),
/// playing the part of what iOS does inside `queryNDEFStatus` / `readNDEF` / `writeNDEF` / `writeLock`.
///
/// Discovery as `NFCISO7816Tag.h` describes it: when a session polling `.iso14443` finds the tag,
/// the system SELECTs (by DF name, `00 A4 04 00 <Lc> <AID> 00`) each AID of the app's Info.plist
/// `com.apple.developer.nfc.readersession.iso7816.select-identifiers`
/// (``NFCStandInSystem/init(readingAvailable:radioEnabled:readerSessionFormats:feliCaSystemCodes:iso7816SelectIdentifiers:reportsAppInvalidation:)``)
/// in order, and delivers the tag on the first that answers `90 00`, with that AID, in uppercase
/// hex, as ``initialSelectedAID``; when none does the tag is not delivered at all. So the
/// application is already selected when the app's first APDU arrives, and a repeated SELECT must
/// be harmless (design/multi-technology.md §2.8). iOS also sends probes of its own (GetVersion
/// `90 60`, a foreign AID, type4-type5-ntag424.md §1.5 V-T4T-4); the stand-in sends only the
/// SELECTs. Discovery APDUs do not count towards ``commandsReceived`` nor
/// ``leaveField(afterCommands:)``: those count what the app's session sends.
///
/// Not part of CoreNFC: tests create these and present them with ``NFCStandInSystem/Event/present(_:)``.
public final class StandInISO7816Tag: StandInTagBase, NFCISO7816Tag {
    public let identifier: Data
    public let historicalBytes: Data?
    /// Type B only ("extracted from the Type B Answer To Request response"); this is a Type A tag.
    public let applicationData: Data? = nil
    public let proprietaryApplicationDataCoding = false

    let channel: any ISODepChannel
    private var selectedAID = ""
    private var log: [CommandAPDU] = []

    /// - Parameters:
    ///   - channel: the tag's ISO-DEP side (an emulated Type 4 chip).
    ///   - uid: the UID the tag announces during anticollision (7 bytes for NTAG 424 DNA).
    ///   - historicalBytes: the historical bytes of its ATS (`80` for NTAG 424 DNA,
    ///     type4-type5-ntag424.md §1.1).
    public init(channel: any ISODepChannel, uid: [UInt8], historicalBytes: [UInt8]? = [0x80]) {
        self.channel = channel
        self.identifier = Data(uid)
        self.historicalBytes = historicalBytes.map { Data($0) }
        super.init()
    }

    /// The AID the system selected when it discovered the tag, uppercase hex ("" before that).
    public var initialSelectedAID: String { lock.withLock { selectedAID } }

    /// Every APDU the tag received, in order: the system's discovery SELECTs first, then the app's
    /// and those of the NDEF operations.
    public var apdusReceived: [CommandAPDU] { lock.withLock { log } }

    override var asNFCTag: NFCTag? { .iso7816(self) }
    override var needsDiscovery: Bool { true }

    override func discover(in system: NFCStandInSystem) async -> Bool {
        guard lock.withLock({ present }) else { return false }
        for aid in system.iso7816SelectIdentifiers {
            guard let bytes = Self.bytes(ofHex: aid) else { continue }
            let select = CommandAPDU(cla: 0x00, ins: 0xA4, p1: 0x04, p2: 0x00, data: bytes, le: 256)
            lock.withLock { log.append(select) }
            guard let response = try? await channel.transmit(select) else { return false }
            if response.status == .success {
                lock.withLock { selectedAID = aid.uppercased() }
                return true
            }
        }
        return false
    }

    /// An AID as Info.plist spells it (hex, 5 to 16 bytes per ISO/IEC 7816-4); `nil` when it is not one.
    static func bytes(ofHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, (10...32).contains(digits.count) else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let pair = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            out.append(pair)
            index += 2
        }
        return out
    }

    /// One APDU, logged, through the field fault.
    private func exchange(_ command: CommandAPDU) async -> Result<ResponseAPDU, NFCReaderError> {
        await transmit(command, over: Logging(self))
    }

    /// The tag's channel, logging what passes (nothing is logged once the tag has left the field).
    private final class Logging: ISODepChannel {
        let tag: StandInISO7816Tag
        init(_ tag: StandInISO7816Tag) { self.tag = tag }
        var maximumResponseBytes: Int? { tag.channel.maximumResponseBytes }
        func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
            tag.lock.withLock { tag.log.append(command) }
            return try await tag.channel.transmit(command)
        }
    }

    private var type4: StandInType4 { StandInType4 { [self] in await exchange($0) } }

    public func sendCommand(
        apdu: NFCISO7816APDU, completionHandler: @escaping @Sendable (Data, UInt8, UInt8, (any Error)?) -> Void
    ) {
        let allowed = lock.withLock { session?.system.iso7816SelectIdentifiers } ?? []
        send(apdu, over: Logging(self), allowedAIDs: allowed, completionHandler: completionHandler)
    }

    public func queryNDEFStatus(completionHandler: @escaping @Sendable (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        perform({ [self] in await type4.status() }) { result in
            switch result {
            case .success(let (status, capacity)): completionHandler(status, capacity, nil)
            case .failure(let error): completionHandler(.notSupported, 0, error)
            }
        }
    }

    public func readNDEF(completionHandler: @escaping @Sendable (NFCNDEFMessage?, (any Error)?) -> Void) {
        perform({ [self] in await type4.read() }) { result in
            switch result {
            case .success(let bytes): completionHandler(NFCNDEFMessage(data: Data(bytes)), nil)
            case .failure(let error): completionHandler(nil, error)
            }
        }
    }

    public func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    {
        let records = ndefMessage.records.map(StandInNDEFCodec.Record.init)
        perform({ [self] in await type4.write(records) }) { result in
            switch result {
            case .success: completionHandler(nil)
            case .failure(let error): completionHandler(error)
            }
        }
    }

    /// Refused with `readerErrorUnsupportedFeature`: what iOS does here is UNVERIFIED (see
    /// ``StandInType4``'s `lock()`).
    public func writeLock(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        perform({ [self] in type4.lock() }) { result in
            switch result {
            case .success: completionHandler(nil)
            case .failure(let error): completionHandler(error)
            }
        }
    }
}
