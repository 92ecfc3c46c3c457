import CoreNFCTransport
import Foundation
import Observation
import Store
import TagCatalog
import TagWorkflows
import Type2

/// The Scan / Tag Info screen: one tap reads a tag in one NFC session; the result is a
/// ``TagInfo`` with every field, or a sentence; a cancelled sheet is no error.
@MainActor
@Observable
public final class ScanViewModel {
    public private(set) var state: ActionState<TagInfo> = .idle
    /// True when the scan presents the tag's password first (a read-protected NTAG21x or
    /// Ultralight EV1: PROT 1 hides its pages until PWD_AUTH).
    public var usesPassword = false
    /// The password (and PACK) as typed; never stored.
    public var password = PasswordEntry()
    /// True when the scan authenticates with the tag's 16-byte key first (a MIFARE Ultralight C
    /// or Ultralight AES whose reads are guarded); takes precedence over ``usesPassword``.
    public var usesKey = false
    /// The key as typed; never stored, never shown back.
    public var key = AuthenticationKeyEntry()

    @ObservationIgnored private let service: any TagSessionService
    @ObservationIgnored private let store: TapCardStore?
    @ObservationIgnored private let clock: () -> Date
    /// Told about every successful read (the app model updates My Card and Lock with it).
    @ObservationIgnored public var onRead: ((TagInfo) -> Void)?
    /// Told about every failure (the app model updates availability with it).
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService, store: TapCardStore? = nil, clock: @escaping () -> Date = Date.init) {
        self.service = service
        self.store = store
        self.clock = clock
    }

    /// The title of the scan button.
    public var buttonTitle: String { state.isWorking ? "Scanning…" : "Scan a tag" }

    /// The phone outline's caption: where to hold the tag.
    public static let antennaHint = "Hold the tag against the top edge of the iPhone, where its NFC antenna is."

    /// Reads the tag in one session: a tag that speaks ISO-DEP is inspected by TapCard's own
    /// Type 4 driver (for an NTAG 424 DNA its file settings and originality signature too), an
    /// ISO 15693 tag by the Type 5 driver (CC, block security, iOS compatibility, the ICODE SLIX2
    /// signature), a FeliCa card by the Type 3 driver (attribute block, system codes, MC); iOS's
    /// NDEF calls read every other tag, and one no driver recognises (`PhoneDrivers`). With
    /// ``usesPassword``, TapCard's Type 2 driver reads the tag after PWD_AUTH with the typed
    /// password, in the same session (iOS's own read cannot present one).
    public func scan() async {
        guard !state.isWorking else { return }
        var credentials: Type2Credentials?
        if usesKey || usesPassword {
            switch Type2Credentials.typed(usesKey: usesKey, key: key, usesPassword: usesPassword, password: password) {
            case .success(let typed): credentials = typed
            case .failure(let problem):
                state = .failed(problem.sentence)
                return
            }
        }
        state = .working
        do throws(TagSessionFailure<any Error>) {
            let info: TagInfo
            if let credentials {
                info = try await service.withType2Tag(
                    .reading, password: credentials.password, acknowledge: credentials.acknowledge,
                    key: credentials.key
                ) { tag, transport in
                    TagInfo(try await tag.inspectTag(), technology: transport.technology, carrierUID: transport.uid)
                }
            } else {
                let outcome = try await service.read { connection async throws -> TagInfo? in
                    try await PhoneDrivers.inspect(connection)
                }
                info =
                    switch outcome {
                    case .driver(let info): info
                    case .iOS(let reading): TagInfo(reading)
                    }
            }
            state = .done(info)
            record(info)
            onRead?(info)
        } catch {
            switch error {
            case .session(let session):
                state = session.isCancellation ? .idle : .failed(session.sentence)
                onFailure?(session)
            case .operation(let failure):
                state = .failed(PhoneWords.sentence(for: failure))
            }
        }
    }

    /// Records the sighting in the tag inventory (the Tags screen); a store failure is shown
    /// below the result, never instead of it.
    public private(set) var storeProblem: String?

    private func record(_ info: TagInfo) {
        guard let store, !info.reading.uid.isEmpty else { return }
        do {
            try store.recordTagSeen(
                info.tagKey, capacity: Self.capacityRecord(info.capacity), at: clock())
            storeProblem = nil
        } catch {
            storeProblem = error.sentence
        }
    }

    /// The store's capacity, with the figure's source (a FeliCa card that is not formatted has
    /// only an assumed one).
    static func capacityRecord(_ capacity: Capacity) -> CapacityRecord {
        CapacityRecord(bytes: capacity.bytes, source: capacity.source == .reported ? .reported : .assumed)
    }
}

extension TagInfo {
    /// How the store names this tag: UID (FeliCa: IDm) plus chip ("ntag213", "icode-slix2",
    /// "felica-lite-s", or "type2", "type5", "type3" when not identified): the driver's
    /// ``/TagWorkflows/TagFacts/storeChip`` when one of TapCard's drivers read it.
    public var tagKey: TagKey {
        if let facts { return TagKey(uid: reading.uid, chip: facts.storeChip) }
        return TagKey(uid: reading.uid, chip: Self.chipName(version: reading.version, technology: reading.technology))
    }

    /// The store's chip name: the model's raw value when GET_VERSION named it, otherwise the NFC
    /// Forum type the technology implies ("type2" for ISO 14443-A MIFARE, "type5" for ISO 15693,
    /// "type4" for ISO 7816, "type3" for FeliCa).
    static func chipName(version: [UInt8]?, technology: TagTechnology?) -> String {
        if let model = version.flatMap({ ChipIdentification.fromVersion($0).model }) { return model.rawValue }
        switch technology {
        case .iso15693: return "type5"
        case .iso7816: return "type4"
        case .feliCa: return "type3"
        case .miFare, nil: return "type2"
        }
    }
}
