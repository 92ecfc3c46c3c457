#if FUZZING
    import TagFrames

    /// ISO/IEC 7816-4 command and response APDUs (TagFrames) on any bytes.
    ///
    /// Invariants: a parsed command encodes to bytes that parse back to the same command; when the
    /// input used the short form (no `00` extended marker after the header), the encoding is the
    /// input itself. An extended-form input whose lengths fit the short form re-encodes short:
    /// equivalent, not identical. A parsed response encodes back to its input.
    enum APDUFuzz {
        static let target = FuzzTarget(name: "apdu") { input in
            if case .success(let command) = CommandAPDU.parse(input) {
                let bytes = command.bytes
                if CommandAPDU.parse(bytes) != .success(command) {
                    violated("command \(command) does not re-parse from its encoding", input)
                }
                let shortForm = input.count <= 5 || input[4] != 0
                if shortForm && bytes != input { violated("short-form command does not encode back", input) }
                if bytes.count > input.count { violated("encoding longer than the input", input) }
                if command.label.description.isEmpty { violated("empty command label", input) }
            }
            if case .success(let response) = ResponseAPDU.parse(input) {
                if response.bytes != input { violated("response does not encode back", input) }
                if response.status.description.isEmpty { violated("empty status description", input) }
            }
        }
    }
#endif
