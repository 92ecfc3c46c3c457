#if FUZZING
    import TagFrames

    /// ISO 15693 wire frames on any bytes: a response or request frame that decodes (CRC checked)
    /// encodes back to the same bytes, and a request encoded with a UID decodes back to itself.
    enum ISO15693Fuzz {
        static let target = FuzzTarget(name: "iso15693") { input in
            if case .success(let response) = ISO15693Response.parse(frame: input), response.frame != input {
                violated("response frame does not encode back", input)
            }
            if case .success(let request) = ISO15693WireRequest.parse(frame: input), request.frame != input {
                violated("request frame does not encode back", input)
            }
            guard input.count >= 10 else { return }
            let uid = [0xE0] + Array(input[1..<8])
            let request = ISO15693Request(
                flags: ISO15693Request.Flags(rawValue: input[0] & ~0x04), command: input[8],
                parameters: Array(input.dropFirst(9)))
            guard case .success(let frame) = request.frame(uid: uid),
                case .success(let decoded) = ISO15693WireRequest.parse(frame: frame)
            else { violated("an encoded request does not decode", input) }
            if decoded.request != request || (request.flags.contains(.address) && decoded.uid != uid) {
                violated("an encoded request decodes to something else", input)
            }
        }
    }
#endif
