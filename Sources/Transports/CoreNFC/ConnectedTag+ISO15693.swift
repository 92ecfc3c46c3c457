#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation
    import TagFrames
    import TagTransport

    extension ConnectedTag: ISO15693Channel {
        /// One ISO 15693 request to an `.iso15693` tag, through the call ``ISO15693Route`` picks.
        /// The tag's answer is data: an error answer — an NSError carrying
        /// `NFCISO15693TagResponseErrorKey` (typed calls, and `sendRequest` if iOS reports it that
        /// way), or response flags with the error bit (`sendRequest`) — becomes a response with the
        /// error flag and the code as payload. A typed call's success has flags `00` (iOS hides the
        /// tag's flags byte). Any other CoreNFC error is the carrier's: 100 is
        /// ``/TagTransport/ChannelError/tagLost(command:)`` naming the request, the rest
        /// ``/TagTransport/ChannelError/reader(code:message:)``.
        func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
            let label = request.label
            let settle = SettleOnce<ISO15693Response, ChannelError>("NFCISO15693Tag \(label)", defects: defects)
            if let ended = track(settle, failure: { Self.transportError($0, command: label) }) {
                throw Self.transportError(ended, command: label)
            }
            guard let manufacturerCode = iso15693ManufacturerCode else {
                throw .unsupported(
                    command: label, reason: "the \(technology.displayName) tag takes no ISO 15693 requests")
            }
            let route = ISO15693Route.of(request, uid: uid, manufacturerCode: manufacturerCode)
            let finish: @Sendable ([UInt8], (any Error)?) -> Void = { payload, error in
                settle.settle(Self.iso15693Result(payload: payload, error: error, command: label))
            }
            queue.async { [self] in
                guard case .iso15693(let vicinity) = tag else {
                    settle.settle(.failure(.unsupported(command: label, reason: "the tag is not an ISO 15693 tag")))
                    return
                }
                Self.perform(route, on: vicinity, settle: settle, finish: finish, command: label)
            }
            return try await settle.value()
        }

        /// Runs `route` on `vicinity`; call on the session queue.
        private static func perform(
            _ route: ISO15693Route, on vicinity: any NFCISO15693Tag, settle: SettleOnce<ISO15693Response, ChannelError>,
            finish: @escaping @Sendable ([UInt8], (any Error)?) -> Void, command: CommandLabel
        ) {
            func flags(_ raw: UInt8) -> NFCISO15693RequestFlag { NFCISO15693RequestFlag(rawValue: raw) }
            switch route {
            case .readSingleBlock(let f, let block):
                vicinity.readSingleBlock(requestFlags: flags(f), blockNumber: block) { finish([UInt8]($0), $1) }
            case .writeSingleBlock(let f, let block, let data):
                vicinity.writeSingleBlock(requestFlags: flags(f), blockNumber: block, dataBlock: Data(data)) {
                    finish([], $0)
                }
            case .lockBlock(let f, let block):
                vicinity.lockBlock(requestFlags: flags(f), blockNumber: block) { finish([], $0) }
            case .readMultipleBlocks(let f, let first, let count):
                vicinity.readMultipleBlocks(requestFlags: flags(f), blockRange: NSRange(location: first, length: count))
                {
                    finish($0.flatMap { [UInt8]($0) }, $1)
                }
            case .securityStatus(let f, let first, let count):
                vicinity.getMultipleBlockSecurityStatus(
                    requestFlags: flags(f), blockRange: NSRange(location: first, length: count)
                ) { status, error in
                    finish(status.map { UInt8(truncatingIfNeeded: $0.intValue) }, error)
                }
            case .extendedReadSingleBlock(let f, let block):
                vicinity.extendedReadSingleBlock(requestFlags: flags(f), blockNumber: block) { finish([UInt8]($0), $1) }
            case .extendedWriteSingleBlock(let f, let block, let data):
                vicinity.extendedWriteSingleBlock(requestFlags: flags(f), blockNumber: block, dataBlock: Data(data)) {
                    finish([], $0)
                }
            case .extendedLockBlock(let f, let block):
                vicinity.extendedLockBlock(requestFlags: flags(f), blockNumber: block) { finish([], $0) }
            case .extendedReadMultipleBlocks(let f, let first, let count):
                vicinity.extendedReadMultipleBlocks(
                    requestFlags: flags(f), blockRange: NSRange(location: first, length: count)
                ) { finish($0.flatMap { [UInt8]($0) }, $1) }
            case .customCommand(let f, let code, let parameters):
                vicinity.customCommand(
                    requestFlags: flags(f), customCommandCode: code, customRequestParameters: Data(parameters)
                ) { finish([UInt8]($0), $1) }
            case .sendRequest(let f, let code, let data):
                vicinity.sendRequest(requestFlags: f, commandCode: code, data: data.isEmpty ? nil : Data(data)) {
                    result in
                    switch result {
                    case .success(let (responseFlag, payload)):
                        settle.settle(
                            .success(
                                ISO15693Response(flags: responseFlag.rawValue, payload: [UInt8](payload ?? Data()))))
                    case .failure(let error): finish([], error)
                    }
                }
            }
        }

        /// A typed call's outcome as a response: the payload with flags `00`, or the tag's error code.
        static func iso15693Result(payload: [UInt8], error: (any Error)?, command: CommandLabel) -> Result<
            ISO15693Response, ChannelError
        > {
            guard let error else { return .success(ISO15693Response(flags: 0x00, payload: payload)) }
            if let code = tagResponseErrorCode(error) {
                return .success(ISO15693Response(flags: 0x01, payload: [code]))
            }
            return .failure(transportError(NFCSessionError(code: errorCode(error), during: .reading), command: command))
        }

        /// The ISO 15693 error code iOS put in the error's userInfo, if it did ("The corresponding
        /// value is the NSUInteger error code from tag's response", `NFCError.h`).
        static func tagResponseErrorCode(_ error: any Error) -> UInt8? {
            let value = (error as NSError).userInfo[NFCISO15693TagResponseErrorKey]
            if let number = value as? NSNumber { return UInt8(truncatingIfNeeded: number.intValue) }
            if let number = value as? UInt { return UInt8(truncatingIfNeeded: number) }
            if let number = value as? Int { return UInt8(truncatingIfNeeded: number) }
            return nil
        }
    }
#endif
