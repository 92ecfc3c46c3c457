/// A `geo:` URI (RFC 5870): a place a phone opens in its maps app.
///
/// `geo:` latitude `,` longitude `[ "," altitude ]` then `;`parameters (§3.3): coordinates in
/// decimal degrees of WGS-84 (the default and only CRS TapCard reads), written `[-]digits[.digits]`,
/// latitude within −90…90 and longitude within −180…180 (§3.4.2); `;u=` is the uncertainty in
/// metres. A URI naming another `;crs=` is kept as a plain URI.
public struct GeoURI: Sendable, Hashable {
    /// The coordinates as written (so no digit is lost or added): `-33.8568`, `151.2153`.
    public let latitude: String
    public let longitude: String
    /// Metres above the WGS-84 ellipsoid, when given.
    public let altitude: String?
    /// The parameters as written, each with its `;` (`";u=35"`), or "".
    public let parameters: String

    /// `geo:LAT,LON`; throws when a coordinate is not `[-]digits[.digits]` or out of range.
    public init(latitude: String, longitude: String) throws(RecordValueError) {
        try Self.check(latitude, axis: "latitude", limit: 90)
        try Self.check(longitude, axis: "longitude", limit: 180)
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = nil
        self.parameters = ""
    }

    /// The URI, `geo:` + coordinates + parameters.
    public var uri: String {
        "geo:" + ([latitude, longitude] + (altitude.map { [$0] } ?? [])).joined(separator: ",") + parameters
    }

    /// The URI record (no identifier code stands for `geo:`; the URI is written whole).
    public var record: NDEFRecord { .uri(uri) }

    /// The latitude in degrees.
    public var latitudeDegrees: Double { Double(latitude) ?? 0 }
    /// The longitude in degrees.
    public var longitudeDegrees: Double { Double(longitude) ?? 0 }

    /// Reads a `geo:` URI; `nil` for another scheme, coordinates that break §3.3 or §3.4.2, a
    /// parameter that is not `;name[=value]`, or a CRS other than WGS-84.
    public init?(uri: String) {
        guard let rest = PercentEncoding.afterScheme("geo", in: uri) else { return nil }
        let path = rest.prefix { $0 != ";" }
        let coordinates = path.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard coordinates.count == 2 || coordinates.count == 3,
            (try? Self.check(coordinates[0], axis: "latitude", limit: 90)) != nil,
            (try? Self.check(coordinates[1], axis: "longitude", limit: 180)) != nil,
            coordinates.count == 2 || Self.isDecimal(coordinates[2])
        else { return nil }
        let parameters = rest.dropFirst(path.count)
        for parameter in parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false)
        where !parameters.isEmpty {
            let name = parameter.prefix { $0 != "=" }
            let value = parameter.dropFirst(name.count).dropFirst()
            guard !name.isEmpty, name.utf8.allSatisfy({ TelephoneURI.isAlphanumeric($0) || $0 == 0x2D }),
                parameter.count == name.count
                    || (!value.isEmpty
                        && value.utf8.allSatisfy({ Self.isParameterValueByte($0) })
                        && PercentEncoding.hasValidEscapes(value.utf8))
            else { return nil }
            if name.lowercased() == "crs" && value.lowercased() != "wgs84" { return nil }
        }
        self.latitude = coordinates[0]
        self.longitude = coordinates[1]
        self.altitude = coordinates.count == 3 ? coordinates[2] : nil
        self.parameters = String(parameters)
    }

    /// RFC 5870 §3.3 `pvalue` bytes: `p-unreserved` (`[ ] : & + $`), unreserved, `%`.
    private static func isParameterValueByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || Array("[]:&+$%".utf8).contains(byte)
    }

    /// `[-]1*DIGIT["."1*DIGIT]` (RFC 5870 §3.3 `num`).
    static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
    }

    private static func check(_ text: String, axis: String, limit: Int) throws(RecordValueError) {
        guard isDecimal(text), let value = Double(text) else { throw .coordinateSyntax(axis: axis, text: text) }
        guard abs(value) <= Double(limit) else { throw .coordinateRange(axis: axis, text: text, limit: limit) }
    }
}

extension NDEFRecord {
    /// A `geo:` URI record (RFC 5870), e.g. `try .geo(latitude: "-33.8568", longitude: "151.2153")`.
    public static func geo(latitude: String, longitude: String) throws(RecordValueError) -> NDEFRecord {
        try GeoURI(latitude: latitude, longitude: longitude).record
    }
}
