/// Android Application Record (AAR): an external type record `android.com:pkg` whose payload is a
/// package name in UTF-8 (Android `NdefRecord.createApplicationRecord`). Android opens that app
/// (or its store page) when it reads the tag.
public struct AndroidApplicationRecord: Sendable, Hashable {
    public var package: String

    public init(package: String) {
        self.package = package
    }

    /// The external type, `android.com:pkg`.
    public static let type: [UInt8] = Array("android.com:pkg".utf8)

    /// The record (TNF 4, type `android.com:pkg`).
    public var record: NDEFRecord { NDEFRecord(tnf: .external, type: Self.type, payload: Array(package.utf8)) }

    /// Reads the payload; offsets in errors are relative to the payload.
    public static func decode(payload: ArraySlice<UInt8>) throws(NDEFError) -> AndroidApplicationRecord {
        switch UnicodeText.utf8(payload) {
        case .success(let package): return AndroidApplicationRecord(package: package)
        case .failure(.invalid(let at)): throw .invalidUTF8(what: "Android package name", offset: at)
        case .failure(.oddLength): throw .invalidUTF8(what: "Android package name", offset: 0)
        }
    }
}

extension NDEFRecord {
    /// An Android Application Record for `package` (e.g. `com.example.app`).
    public static func androidApplication(package: String) -> NDEFRecord {
        AndroidApplicationRecord(package: package).record
    }
}
