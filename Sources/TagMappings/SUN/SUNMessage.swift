import TapCardSupport

/// The parts of a SUN URL before any key is used: where the tag identity comes from, the MAC, the
/// span of the URL's own text the MAC covers, and the encrypted file data. The MAC input is text of
/// the URL (SDMMACInputOffset to SDMMACOffset of the file as output), so it is kept as a range of
/// the URL, never rebuilt from decoded values.
struct SUNMessage {
    enum Identity {
        /// Encrypted PICCData (16 bytes) from the field named `field`: AES mode.
        case encrypted(field: String, piccData: [UInt8])
        /// LRP mode's PICCData (AN12304; NT4H2421Gx §9.3.4): PICCRand (8 bytes, the LRICB counter)
        /// then the encrypted PICCData (16 bytes), 48 hex digits.
        case encryptedLRP(field: String, piccRand: [UInt8], piccData: [UInt8])
        /// The plain mirror: UID (7 bytes) and SDMReadCtr (LSB first, as in crypto).
        case plain(uid: [UInt8], counter: [UInt8])
    }

    var identity: Identity
    var mac: [UInt8]
    var macText: Substring
    var macInput: Substring
    /// The enc hex text, when the URL carries encrypted file data.
    var enc: Substring?
    /// Where the MAC value begins, and where the first mirrored value (PICCData, or the plain
    /// UID or counter) begins: the ends a chosen MAC input start is measured against.
    var macStart: String.Index
    var firstValueStart: String.Index
    /// Where the template's `{mac_input}` marker sits in the URL, when it has one: it overrides
    /// any start given otherwise.
    var markedStart: String.Index?

    /// The MAC input when it starts at `start` rather than where the URL's style puts it; the URL
    /// must reach the MAC after that start.
    func macInput(from start: SUNMACInputStart, in url: String) throws(SUNError) -> Substring {
        let input = try macInputSpan(from: start, in: url)
        // The tag's MAC input always covers the encrypted file data (NT4H2421Gx: SDMENCOffset ≥
        // SDMMACInputOffset); a start after it would let altered enc data verify.
        if let enc, !enc.isEmpty, input.startIndex > enc.startIndex {
            throw .malformedURL(
                reason:
                    "the MAC input would start at byte \(url.utf8.distance(from: url.startIndex, to: input.startIndex)), after the enc data at byte \(url.utf8.distance(from: url.startIndex, to: enc.startIndex)); the tag's MAC always covers its encrypted file data"
            )
        }
        return input
    }

    private func macInputSpan(from start: SUNMACInputStart, in url: String) throws(SUNError) -> Substring {
        let begin: String.Index
        if let markedStart {
            guard markedStart <= macStart else {
                throw .malformedURL(reason: "its MAC comes before the template's {mac_input}")
            }
            return url[markedStart..<macStart]
        }
        switch start {
        case .automatic: return macInput
        case .piccData: begin = firstValueStart
        case .url:
            begin = url.utf8.index(url.startIndex, offsetBy: SUNMACInputStart.abbreviatedLength(url[...]))
        case .position(let position):
            let macOffset = url.utf8.distance(from: url.startIndex, to: macStart)
            guard position <= macOffset else {
                throw .malformedURL(
                    reason:
                        "its MAC begins at byte \(macOffset), before the MAC input start \(position) that was given")
            }
            begin = url.utf8.index(url.startIndex, offsetBy: position)
        }
        guard begin <= macStart else {
            throw .malformedURL(reason: "its MAC comes before the start of the MAC input that was given")
        }
        return url[begin..<macStart]
    }

    static let piccNames = ["e", "picc_data", "p"]

    /// Reads the three separated styles (`?e=…&c=…`, `?picc_data=…&enc=…&cmac=…`, boltcard's
    /// `?p=…&c=…`), the plain mirror (`?uid=…&ctr=…&cmac=…`) and sdm-backend's bulk style
    /// (`?e=<PICCData 32 hex><enc hex…><MAC 16 hex>`, the MAC over the enc hex only). Refuses an
    /// ambiguous URL: a SUN field given twice, two PICCData carriers, or PICCData beside a plain
    /// uid/ctr mirror.
    static func parse(_ url: String) throws(SUNError) -> SUNMessage {
        let fields = SUNURL.fields(url)
        if let repeated = fields.repeatedSUNName() {
            throw .malformedURL(
                reason:
                    "its \(repeated)= field appears more than once; a backend that reads another copy would act on data that was not checked"
            )
        }
        var carriers: [String] = []
        for field in fields.fields where piccNames.contains(field.name) { carriers.append(field.name) }
        if carriers.count > 1 {
            throw .malformedURL(
                reason:
                    "it carries PICCData twice (\(carriers.map { $0 + "=" }.joined(separator: " and "))): which one was checked would be ambiguous"
            )
        }
        if !carriers.isEmpty, fields.value(["uid", "ctr"]) != nil {
            throw .malformedURL(
                reason:
                    "it carries PICCData (\(carriers[0])=) and a plain uid= or ctr= beside it: which identity was checked would be ambiguous"
            )
        }
        if fields.value(["c"]) != nil, fields.value(["cmac"]) != nil {
            throw .malformedURL(reason: "it carries two MACs (c= and cmac=)")
        }
        guard let macField = fields.value(["c", "cmac"]) else {
            if let bulk = fields.value(["e"]), bulk.text.utf8.count > 32 { return try parseBulk(bulk, in: url) }
            throw .malformedURL(reason: "it has no MAC field (c= or cmac=)")
        }
        let mac = try hex(macField.text, bytes: 8, field: macField.name)
        let identity: Identity
        if let picc = fields.value(piccNames) {
            identity = try piccIdentity(picc.text, field: picc.name)
        } else if let uid = fields.value(["uid"]), let counter = fields.value(["ctr"]) {
            identity = .plain(
                uid: try hex(uid.text, bytes: 7, field: "uid"),
                counter: try hex(counter.text, bytes: 3, field: "ctr").reversed())
        } else {
            throw .malformedURL(reason: "it has neither PICCData (e=, picc_data= or p=) nor a plain uid= and ctr=")
        }
        let enc = fields.value(["enc"])
        // Separated style: the MAC covers the URL from the enc value to the MAC value
        // (`<enc hex>&cmac=`); without enc, MACInputOffset = MACOffset and the input is empty.
        let macInput: Substring =
            if let enc, enc.range.lowerBound <= macField.range.lowerBound {
                url[enc.range.lowerBound..<macField.range.lowerBound]
            } else { "" }
        let firstValue =
            fields.value(piccNames)?.range.lowerBound
            ?? min(
                fields.value(["uid"])?.range.lowerBound ?? url.endIndex,
                fields.value(["ctr"])?.range.lowerBound ?? url.endIndex)
        return SUNMessage(
            identity: identity, mac: mac, macText: macField.text, macInput: macInput, enc: enc?.text,
            macStart: macField.range.lowerBound, firstValueStart: firstValue, markedStart: nil)
    }

    /// Reads a URL laid out by `pattern` (the template the tag was set up with): literal text must
    /// match exactly and each placeholder is the hex the tag mirrors, so any parameter names and
    /// path-style templates verify.
    static func parse(_ url: String, pattern: SUNTemplatePattern) throws(SUNError) -> SUNMessage {
        guard let values = pattern.match(url) else {
            throw .malformedURL(reason: "it does not have the shape of the template \(pattern.template)")
        }
        guard let macRange = values[.mac] else {
            throw .malformedURL(reason: "the template \(pattern.template) has no {mac}: nothing can be verified")
        }
        let macText = url[macRange]
        let mac = try hex(macText, bytes: 8, field: "{mac}")
        let identity: Identity
        if let picc = values[.picc] {
            identity = try piccIdentity(url[picc], field: "{picc}")
        } else if let uid = values[.uid], let counter = values[.ctr] {
            identity = .plain(
                uid: try hex(url[uid], bytes: 7, field: "{uid}"),
                counter: try hex(url[counter], bytes: 3, field: "{ctr}").reversed())
        } else {
            throw .malformedURL(
                reason:
                    "the template \(pattern.template) mirrors neither {picc} nor both {uid} and {ctr}: no counter, so a copied URL would verify forever"
            )
        }
        let enc = values[.enc]
        let macInput = enc.map { url[$0.lowerBound..<macRange.lowerBound] } ?? ""
        let firstValue =
            values[.picc]?.lowerBound
            ?? min(values[.uid]?.lowerBound ?? url.endIndex, values[.ctr]?.lowerBound ?? url.endIndex)
        return SUNMessage(
            identity: identity, mac: mac, macText: macText, macInput: macInput, enc: enc.map { url[$0] },
            macStart: macRange.lowerBound, firstValueStart: firstValue, markedStart: values[.macInput]?.lowerBound)
    }

    private static func parseBulk(_ field: SUNURL.Field, in url: String) throws(SUNError) -> SUNMessage {
        let text = field.text
        guard text.count >= 48 else {
            throw .malformedURL(
                reason:
                    "its e= field is \(text.count) characters: without a c= field it must hold PICCData (32 hex digits), the enc data and the MAC (16 hex digits)"
            )
        }
        let encStart = text.index(text.startIndex, offsetBy: 32)
        let macStart = text.index(text.endIndex, offsetBy: -16)
        let picc = try piccData(text[..<encStart], field: "e")
        let mac = try hex(text[macStart...], bytes: 8, field: "e (its MAC part)")
        let enc = text[encStart..<macStart]
        return SUNMessage(
            identity: .encrypted(field: "e", piccData: picc), mac: mac, macText: text[macStart...], macInput: enc,
            enc: enc.isEmpty ? nil : enc, macStart: macStart, firstValueStart: text.startIndex,
            markedStart: nil)
    }

    /// PICCData of either mode: 32 hex digits (AES) or 48 (LRP: PICCRand ‖ encrypted PICCData).
    private static func piccIdentity(_ text: Substring, field: String) throws(SUNError) -> Identity {
        guard text.utf8.count == 48, isHexDigits(text), let bytes = try? Hex.decode(text) else {
            return .encrypted(field: field, piccData: try piccData(text, field: field))
        }
        return .encryptedLRP(field: field, piccRand: Array(bytes[..<8]), piccData: Array(bytes[8...]))
    }

    private static func piccData(_ text: Substring, field: String) throws(SUNError) -> [UInt8] {
        let isHex = isHexDigits(text)
        guard isHex, text.utf8.count == 32, let bytes = try? Hex.decode(text) else {
            throw .malformedPICCData(field: field, hexDigits: text.count, isHex: isHex)
        }
        return bytes
    }

    /// Only the digits 0-9, a-f, A-F: the tag mirrors bare hex, and `Hex.decode`'s separators and
    /// `0x` prefixes would shift the spans the MAC covers.
    static func isHexDigits(_ text: Substring) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isHexDigit) }) { return answer }
        return text.utf8.allSatisfy(isHexDigit)
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    static func hex(_ text: Substring, bytes: Int?, field: String) throws(SUNError) -> [UInt8] {
        guard isHexDigits(text), let decoded = try? Hex.decode(text) else {
            throw .malformedURL(reason: "its \(field) field is not hex")
        }
        if let bytes, decoded.count != bytes {
            throw .malformedURL(
                reason: "its \(field) field is \(decoded.count) bytes (\(text.count) hex digits), not \(bytes)")
        }
        return decoded
    }
}
