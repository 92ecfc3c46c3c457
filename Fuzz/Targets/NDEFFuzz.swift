#if FUZZING
    @testable import NDEF

    /// `NDEFMessage.decode` on arbitrary bytes (what any sticker can hold). Accepted input must
    /// re-encode to bytes that decode to the same message, plainly and chunked; `length` must be
    /// the encoded size; every record's view and the strict `DecodedMessage` must not trap.
    /// Refusing record problems must refuse exactly the messages with a flagged record. The typed
    /// views' parsers (Bluetooth OOB data, `tel:`/`sms:`/`mailto:`/`geo:` URIs) also read the raw
    /// input, and whatever they accept must survive being built again from what they read.
    enum NDEFFuzz {
        static let target = FuzzTarget(name: "ndef") { input in
            checkTypedViews(payload: input, uri: String(decoding: input, as: UTF8.self), input)
            let message: NDEFMessage
            do throws(NDEFError) {
                message = try NDEFMessage.decode(input)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let encoded = message.encoded()
            if encoded.count != message.length {
                violated("length \(message.length) ≠ encoded size \(encoded.count)", input)
            }
            guard let again = try? NDEFMessage.decode(encoded) else { violated("re-encoded message rejected", input) }
            if again != message { violated("decode → encode → decode changed the message", input) }
            let chunkSize = 1 + Int(input.first ?? 0) % 16
            if (try? NDEFMessage.decode(message.encoded(chunkSize: chunkSize))) != message {
                violated("chunked re-encoding (\(chunkSize)) changed the message", input)
            }
            for record in message.records {
                switch record.view {
                case .invalid(let error) where error.sentence.isEmpty:
                    violated("empty sentence in an invalid view", input)
                case .uri(let uri):
                    checkTypedViews(payload: [], uri: uri.uri, input)
                case .mime(let mime):
                    checkTypedViews(payload: mime.payload, uri: "", input)
                default:
                    break
                }
            }
            let flagged = message.records.contains { !$0.problems.isEmpty }
            do throws(NDEFError) {
                let refused = try NDEFMessage.decode(input, problems: .refuse)
                if flagged || refused != message { violated("refusing problems accepted a flagged message", input) }
            } catch {
                // A flagged record is refused: an empty TYPE, or a URI holding a character unsafe
                // to show (RecordProblem); nothing else may fail where flagging decoded.
                switch error {
                case .missingType, .unsafeURICharacter:
                    if !flagged { violated("refusing problems refused an unflagged message", input) }
                default:
                    violated("refusing problems failed otherwise: \(error.sentence)", input)
                }
            }
            if let strict = try? DecodedMessage.decode(input) {
                if strict.message != message { violated("DecodedMessage disagrees with NDEFMessage", input) }
                if strict.views.count != message.records.count { violated("one view per record", input) }
            }
        }

        /// Bluetooth OOB data read from `payload` re-encodes to the same bytes; a URI with a typed
        /// view is read back the same from what its builder writes for the fields it read.
        static func checkTypedViews(payload: [UInt8], uri: String, _ input: [UInt8]) {
            if let oob = try? BluetoothOOBRecord.decode(payload: payload[...]) {
                // Padding bytes (EIR length 0) are skipped on reading, so compare structures.
                if (try? BluetoothOOBRecord.decode(payload: oob.payload[...])) != oob {
                    violated("Bluetooth OOB data changed on re-encoding", input)
                }
                _ = (oob.name, oob.deviceClass, oob.otherDataStructures, oob.address.description)
            }
            switch URIView(uri: uri) {
            case .tel(let tel):
                if (try? TelephoneURI(tel.number + tel.parameters)) != tel { violated("tel: not rebuilt", input) }
            case .sms(let sms):
                if let again = try? SMSURI(number: sms.number, body: sms.body) {
                    if SMSURI(uri: again.uri)?.body != sms.body { violated("sms: body not rebuilt", input) }
                } else {
                    violated("sms: read recipients the builder refuses", input)
                }
            case .mailto(let mail) where !mail.address.contains(","):
                if let again = try? MailtoURI(address: mail.address, subject: mail.subject, body: mail.body) {
                    let read = MailtoURI(uri: again.uri)
                    if read?.address != mail.address || read?.subject != mail.subject
                        || read?.body != mail.body.map(MailtoURI.crlf)
                    {
                        violated("mailto: not rebuilt", input)
                    }
                } else {
                    violated("mailto: read an address the builder refuses", input)
                }
            case .geo(let geo):
                if let again = try? GeoURI(latitude: geo.latitude, longitude: geo.longitude) {
                    if GeoURI(uri: again.uri)?.latitude != geo.latitude { violated("geo: not rebuilt", input) }
                } else {
                    violated("geo: read coordinates the builder refuses", input)
                }
            case .mailto, nil:
                break
            }
        }
    }
#endif
