import CoreNFCTransport
import Foundation
import NDEF
import Observation
import Store

/// The Write screen: one tap → preflight → write → verify, all under one NFC sheet, then the
/// report card. A refusal says nothing was written; a tag lost mid-write says the tag's state is
/// unknown and offers a scan.
@MainActor
@Observable
public final class WriteViewModel {
    public private(set) var state: ActionState<WriteReportCard> = .idle
    /// True after a tag left mid-write: the screen offers "Scan the tag" to see what it holds.
    public private(set) var suggestsScan = false

    @ObservationIgnored private let service: any TagSessionService
    @ObservationIgnored private let card: MyCardViewModel
    @ObservationIgnored private let store: TapCardStore?
    @ObservationIgnored private let clock: () -> Date
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(
        service: any TagSessionService, card: MyCardViewModel, store: TapCardStore? = nil,
        clock: @escaping () -> Date = Date.init
    ) {
        self.service = service
        self.card = card
        self.store = store
        self.clock = clock
    }

    public var buttonTitle: String { state.isWorking ? "Writing…" : "Write my card" }

    /// What will be written, in one line ("vcard, 118 bytes; Fits: …").
    public var summary: String {
        guard let message = card.message else { return card.verdict }
        return "\(card.format.recordDescription), \(message.encoded().count) bytes. \(card.verdict)"
    }

    public func write() async {
        guard !state.isWorking else { return }
        guard let message = card.message else {
            state = .failed(card.verdict)
            return
        }
        state = .working
        suggestsScan = false
        let fields = message.records.map {
            NDEFRecordFields(tnf: $0.tnf.rawValue, type: $0.type, id: $0.id, payload: $0.payload)
        }
        do throws(NFCSessionError) {
            let receipt = try await service.write(fields)
            card.tagReported(capacity: receipt.reportedCapacity, model: nil)
            state = .done(WriteReportCard(receipt))
            record(receipt, message: message.encoded())
        } catch {
            if case .tooBig(_, let capacity) = error { card.tagReported(capacity: capacity, model: nil) }
            suggestsScan = error == .tagLost(during: .writing) || error == .tagLost(during: .verifying)
            state = error.isCancellation ? .idle : .failed(error.sentence)
            onFailure?(error)
        }
    }

    public private(set) var storeProblem: String?

    private func record(_ receipt: WriteReceipt, message: [UInt8]) {
        guard let store else { return }
        let key = TagKey(
            uid: receipt.uid, chip: TagInfo.chipName(version: receipt.version, technology: receipt.technology))
        let capacity = CapacityRecord(bytes: receipt.reportedCapacity, source: .reported)
        do {
            try store.recordTagSeen(key, capacity: capacity, at: clock())
            _ = try store.recordWrite(
                WriteRecord(
                    tag: key, message: message, capacity: capacity, verified: receipt.verified, pagesWritten: 0,
                    modeledAirTime: nil, at: clock()))
            storeProblem = nil
        } catch {
            storeProblem = error.sentence
        }
    }
}
