import TagCatalog
import TagEmulator
import TagFrames
import TagTransport

/// The SLIX2 UID of the tests: E0 04 01, then 08 (bits 4–3 = 01: SLIX2), as in trace V-T5T-1's
/// serial otherwise.
let slixUID: [UInt8] = [0xE0, 0x04, 0x01, 0x08, 0x02, 0x40, 0x44, 0xE7]
let stUID: [UInt8] = [0xE0, 0x02, 0x24, 0x11, 0x22, 0x33, 0x44, 0x55]

func request(_ flags: UInt8, _ command: UInt8, _ parameters: [UInt8] = []) -> ISO15693Request {
    ISO15693Request(flags: .init(rawValue: flags), command: command, parameters: parameters)
}

extension EmulatedType5Tag {
    /// The response, or `nil` when the tag stayed silent (the channel's timeout).
    func answer(_ request: ISO15693Request, to other: [UInt8]? = nil, maker: UInt8? = nil) async throws
        -> ISO15693Response?
    {
        let result: Result<ISO15693Response, ChannelError>
        if other != nil || maker != nil {
            result = await Self.capture { () async throws(ChannelError) in
                try await self.send(request, addressedTo: other ?? self.uid, manufacturerCode: maker)
            }
        } else {
            result = await Self.capture { () async throws(ChannelError) in try await self.send(request) }
        }
        switch result {
        case .success(let response): return response
        case .failure(.timeout): return nil
        case .failure(let error): throw error
        }
    }

    private static func capture(_ body: () async throws(ChannelError) -> ISO15693Response) async -> Result<
        ISO15693Response, ChannelError
    > {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
