#if FUZZING
    import NDEF

    /// `NDEFMessage.decode` on arbitrary bytes (what any sticker can hold). Accepted input must
    /// re-encode to bytes that decode to the same message, plainly and chunked; `length` must be
    /// the encoded size; every record's view and the strict `DecodedMessage` must not trap.
    enum NDEFFuzz {
        static let target = FuzzTarget(name: "ndef") { input in
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
                if case .invalid(let error) = record.view, error.sentence.isEmpty {
                    violated("empty sentence in an invalid view", input)
                }
            }
            if let strict = try? DecodedMessage.decode(input) {
                if strict.message != message { violated("DecodedMessage disagrees with NDEFMessage", input) }
                if strict.views.count != message.records.count { violated("one view per record", input) }
            }
        }
    }
#endif
