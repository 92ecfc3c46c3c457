import CoreNFC
import CoreNFCTransport
import Foundation

/// The tag message iOS attaches to a universal link it opened from a background tag read
/// (`NSUserActivity.ndefMessagePayload`), as the view models' record fields. For a universal
/// link opened anywhere else iOS gives one empty record, which `BackgroundTagViewModel` reads as
/// no message.
enum BackgroundTagActivity {
    static func records(of activity: NSUserActivity) -> [NDEFRecordFields] {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb else { return [] }
        return activity.ndefMessagePayload.records.map { record in
            NDEFRecordFields(
                tnf: record.typeNameFormat.rawValue, type: [UInt8](record.type), id: [UInt8](record.identifier),
                payload: [UInt8](record.payload))
        }
    }
}
