import Foundation
import TagFrames
import TagTransport

/// An ISO 15693 (NFC-V, NFC Forum Type 5) tag as CoreNFC presents it through `NFCTag.iso15693`,
/// seen only when the session polls `.iso15693`. Its requests go to any
/// ``/TagTransport/ISO15693Channel`` — an emulated Type 5 chip in tests — as iOS would put them on
/// the air, following the header text (`NFCISO15693Tag.h`, iPhoneOS17.0.sdk; type4-type5-ntag424.md §4.2):
///
/// - Standard commands (READ/WRITE/LOCK single block, READ MULTIPLE, GET SYSTEM INFO, GET MULTIPLE
///   BLOCK SECURITY STATUS, the extended ones): "Address flag is automatically enforced by default
///   and the tag's UID is sent with the command; setting RequestFlagSelect to flags will disable the
///   Address flag". The channel request has ``/TagFrames/ISO15693Request/Flags-swift.struct/address``
///   set (the channel adds the UID) unless the app set `.select`, which clears it.
/// - `customCommand`: "IC manufacturer code from the tag is automatically inserted after the
///   command byte", i.e. a custom request (0xA0–0xDF) to the channel, which adds the code. The header
///   does not say the address flag is enforced there: the stand-in sends the app's flags as given
///   (UNVERIFIED; a third-party report sends `.highDataRate` only and gets answers).
/// - `sendRequest` (iOS 14): the frame is "request flag, 8 bits command code, and optional data",
///   nothing inserted. The stand-in reads the frame the way a tag would: with the address flag the
///   data must start with this tag's UID, least significant byte first (the air order, ISO/IEC
///   15693-3), and a custom command must carry this tag's manufacturer code after it; otherwise no
///   tag answers, reported as `TagResponseError` (102; which code iOS gives a silent tag is
///   UNVERIFIED). The response flags come back as they are, the error flag and code included (iOS
///   may report an error answer as an NSError instead: UNVERIFIED; the adapter accepts both).
/// - A tag's error answer to a typed call fails it with an NSError (domain `NFCError`, code 102 —
///   the code is UNVERIFIED) whose userInfo holds the ISO 15693 error code under
///   ``NFCISO15693TagResponseErrorKey``.
/// - No frame may exceed 256 bytes ("Each data frame send out by the reader may not exceed 256 bytes
///   total"): longer ones fail with `PacketTooLong` (105; the code is UNVERIFIED).
///
/// iOS's own Type 5 NDEF mapping is not modelled: `queryNDEFStatus` says `notSupported` and the
/// other NDEF calls fail with `UnsupportedFeature`. Not part of CoreNFC: tests create these and
/// present them with ``NFCStandInSystem/Event/present(_:)``.
public final class StandInISO15693Tag: StandInTagBase, NFCISO15693Tag {
    public let identifier: Data
    let channel: any ISO15693Channel
    private var log: [ISO15693Request] = []

    /// - Parameter channel: the tag's radio (an emulated Type 5 chip); its `uid` (8 bytes, `E0`
    ///   first) is the tag's ``identifier``.
    public init(channel: any ISO15693Channel) {
        self.channel = channel
        self.identifier = Data(channel.uid)
        super.init()
    }

    public var icManufacturerCode: Int { identifier.count > 1 ? Int(identifier[identifier.startIndex + 1]) : 0 }
    public var icSerialNumber: Data { Data(identifier.dropFirst(2)) }

    /// Every request that reached the tag, in order, as the channel received it.
    public var requestsReceived: [ISO15693Request] { lock.withLock { log } }

    override var asNFCTag: NFCTag? { .iso15693(self) }
    override var pollingTechnology: NFCTagReaderSession.PollingOption { .iso15693 }

    // MARK: How iOS frames the request

    /// The flags a standard command goes out with: the address flag forced on, unless `.select`.
    static func enforced(_ flags: NFCISO15693RequestFlag) -> ISO15693Request.Flags {
        let address = NFCISO15693RequestFlag.address.rawValue
        let raw = flags.contains(.select) ? flags.rawValue & ~address : flags.rawValue | address
        return ISO15693Request.Flags(rawValue: raw)
    }

    /// The size of `request` on the air without CRC: flags, command, UID, manufacturer code, parameters.
    static func frameLength(of request: ISO15693Request) -> Int {
        2 + (request.flags.contains(.address) ? 8 : 0) + (request.isCustom ? 1 : 0) + request.parameters.count
    }

    static let packetTooLong = NFCReaderError(.readerTransceiveErrorPacketTooLong, message: "Packet too long")
    static let invalidParameter = NFCReaderError(.readerErrorInvalidParameter, message: "Invalid parameter")
    static let outOfBound = NFCReaderError(.readerErrorParameterOutOfBound, message: "Parameter out of bound")
    static let silence = NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Tag response error")

    /// The failure a typed call reports when the tag answered with the error flag.
    static func tagError(_ code: UInt8) -> NFCReaderError {
        NFCReaderError(
            .readerTransceiveErrorTagResponseError, message: "Tag response error", iso15693ResponseErrorCode: code)
    }

    /// One request through the channel, logged, with the field fault and CoreNFC's carrier errors.
    func exchange(_ request: ISO15693Request) async -> Result<ISO15693Response, NFCReaderError> {
        guard Self.frameLength(of: request) <= 256 else { return .failure(Self.packetTooLong) }
        if let gone = admitCommand() { return .failure(gone) }
        lock.withLock { log.append(request) }
        do {
            return .success(try await channel.send(request))
        } catch {
            return .failure(coreNFCError(for: error))
        }
    }

    /// A typed call: the payload on success, the tag's error code as an NSError otherwise.
    func typed(_ request: ISO15693Request) async -> Result<[UInt8], NFCReaderError> {
        switch await exchange(request) {
        case .failure(let error): return .failure(error)
        case .success(let response):
            if response.isError { return .failure(Self.tagError(response.errorCode ?? 0)) }
            return .success(response.payload)
        }
    }

    /// A standard command with iOS's address rule.
    func standard(_ flags: NFCISO15693RequestFlag, _ command: UInt8, _ parameters: [UInt8]) async -> Result<
        [UInt8], NFCReaderError
    > {
        await typed(ISO15693Request(flags: Self.enforced(flags), command: command, parameters: parameters))
    }

    /// `count` equal blocks out of a READ MULTIPLE answer (each with its security byte first under
    /// the option flag). How iOS splits an uneven answer is UNVERIFIED: the stand-in fails it.
    static func blocks(_ payload: [UInt8], count: Int) -> Result<[Data], NFCReaderError> {
        guard count > 0, !payload.isEmpty, payload.count % count == 0 else { return .failure(silence) }
        let size = payload.count / count
        return .success(stride(from: 0, to: payload.count, by: size).map { Data(payload[$0..<$0 + size]) })
    }

    static func little16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }

    // MARK: NFCISO15693Tag

    public func readSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8,
        completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void
    ) {
        perform({ [self] in await standard(flags, 0x20, [blockNumber]) }) { result in
            switch result {
            case .success(let bytes): completionHandler(Data(bytes), nil)
            case .failure(let error): completionHandler(Data(), error)
            }
        }
    }

    public func writeSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8, dataBlock: Data,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) {
        perform({ [self] in await standard(flags, 0x21, [blockNumber] + [UInt8](dataBlock)) }) {
            completionHandler($0.failureOrNil)
        }
    }

    public func lockBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) {
        perform({ [self] in await standard(flags, 0x22, [blockNumber]) }) { completionHandler($0.failureOrNil) }
    }

    public func readMultipleBlocks(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        completionHandler: @escaping @Sendable ([Data], (any Error)?) -> Void
    ) {
        guard (0...255).contains(blockRange.location), (1...256).contains(blockRange.length) else {
            refuse(Self.outOfBound) { completionHandler([], $0) }
            return
        }
        let parameters = [UInt8(blockRange.location), UInt8(blockRange.length - 1)]
        perform({ [self] in
            await standard(flags, 0x23, parameters).flatMap { Self.blocks($0, count: blockRange.length) }
        }) {
            result in
            switch result {
            case .success(let blocks): completionHandler(blocks, nil)
            case .failure(let error): completionHandler([], error)
            }
        }
    }

    /// The fields of a GET SYSTEM INFO answer (ISO/IEC 15693-3: info flags, UID LSB first, then
    /// DSFID, AFI, memory size, IC reference where the info flags say so); `-1` where absent.
    struct SystemInfoFields {
        var uid: Data?
        var dsfid = -1, afi = -1, blockSize = -1, blockCount = -1, icReference = -1
    }

    static func systemInfo(_ payload: [UInt8]) -> Result<SystemInfoFields, NFCReaderError> {
        guard payload.count >= 9 else { return .failure(silence) }
        let info = payload[0]
        var fields = SystemInfoFields(uid: Data(payload[1..<9]))
        var index = 9
        func next(_ count: Int) -> ArraySlice<UInt8>? {
            guard index + count <= payload.count else { return nil }
            defer { index += count }
            return payload[index..<index + count]
        }
        if info & 0x01 != 0 { guard let b = next(1) else { return .failure(silence) }; fields.dsfid = Int(b.first!) }
        if info & 0x02 != 0 { guard let b = next(1) else { return .failure(silence) }; fields.afi = Int(b.first!) }
        if info & 0x04 != 0 {
            guard let b = next(2) else { return .failure(silence) }
            // "blockSize returns the actual block size … blockCount returns the actual number of blocks".
            fields.blockCount = Int(b[b.startIndex]) + 1
            fields.blockSize = Int(b[b.startIndex + 1] & 0x1F) + 1
        }
        if info & 0x08 != 0 {
            guard let b = next(1) else { return .failure(silence) }; fields.icReference = Int(b.first!)
        }
        return .success(fields)
    }

    public func getSystemInfo(
        requestFlags flags: NFCISO15693RequestFlag,
        completionHandler: @escaping @Sendable (Int, Int, Int, Int, Int, (any Error)?) -> Void
    ) {
        perform({ [self] in await standard(flags, 0x2B, []).flatMap(Self.systemInfo) }) { result in
            switch result {
            case .success(let f): completionHandler(f.dsfid, f.afi, f.blockSize, f.blockCount, f.icReference, nil)
            case .failure(let error): completionHandler(-1, -1, -1, -1, -1, error)
            }
        }
    }

    public func __getSystemInfoAndUID(
        withRequestFlag flags: NFCISO15693RequestFlag,
        completionHandler: @escaping @Sendable (Data?, Int, Int, Int, Int, Int, (any Error)?) -> Void
    ) {
        perform({ [self] in await standard(flags, 0x2B, []).flatMap(Self.systemInfo) }) { result in
            switch result {
            case .success(let f):
                completionHandler(f.uid, f.dsfid, f.afi, f.blockSize, f.blockCount, f.icReference, nil)
            case .failure(let error): completionHandler(nil, -1, -1, -1, -1, -1, error)
            }
        }
    }

    public func getMultipleBlockSecurityStatus(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        completionHandler: @escaping @Sendable ([NSNumber], (any Error)?) -> Void
    ) {
        guard (0...255).contains(blockRange.location), (1...256).contains(blockRange.length) else {
            refuse(Self.outOfBound) { completionHandler([], $0) }
            return
        }
        let parameters = [UInt8(blockRange.location), UInt8(blockRange.length - 1)]
        perform({ [self] in await standard(flags, 0x2C, parameters) }) { result in
            switch result {
            case .success(let bytes): completionHandler(bytes.map { NSNumber(value: $0) }, nil)
            case .failure(let error): completionHandler([], error)
            }
        }
    }

    public func customCommand(
        requestFlags flags: NFCISO15693RequestFlag, customCommandCode: Int, customRequestParameters: Data,
        completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void
    ) {
        guard (0xA0...0xDF).contains(customCommandCode) else {
            refuse(Self.invalidParameter) { completionHandler(Data(), $0) }
            return
        }
        let request = ISO15693Request(
            flags: ISO15693Request.Flags(rawValue: flags.rawValue), command: UInt8(customCommandCode),
            parameters: [UInt8](customRequestParameters))
        perform({ [self] in await typed(request) }) { result in
            switch result {
            case .success(let bytes): completionHandler(Data(bytes), nil)
            case .failure(let error): completionHandler(Data(), error)
            }
        }
    }

    public func extendedReadSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int,
        completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void
    ) {
        guard (0...0xFFFF).contains(blockNumber) else {
            refuse(Self.outOfBound) { completionHandler(Data(), $0) }
            return
        }
        perform({ [self] in await standard(flags, 0x30, Self.little16(blockNumber)) }) { result in
            switch result {
            case .success(let bytes): completionHandler(Data(bytes), nil)
            case .failure(let error): completionHandler(Data(), error)
            }
        }
    }

    public func extendedWriteSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int, dataBlock: Data,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) {
        guard (0...0xFFFF).contains(blockNumber) else {
            refuse(Self.outOfBound) { completionHandler($0) }
            return
        }
        perform({ [self] in await standard(flags, 0x31, Self.little16(blockNumber) + [UInt8](dataBlock)) }) {
            completionHandler($0.failureOrNil)
        }
    }

    public func extendedLockBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int,
        completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) {
        guard (0...0xFFFF).contains(blockNumber) else {
            refuse(Self.outOfBound) { completionHandler($0) }
            return
        }
        perform({ [self] in await standard(flags, 0x32, Self.little16(blockNumber)) }) {
            completionHandler($0.failureOrNil)
        }
    }

    public func extendedReadMultipleBlocks(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        completionHandler: @escaping @Sendable ([Data], (any Error)?) -> Void
    ) {
        guard (0...0xFFFF).contains(blockRange.location), (1...0x10000).contains(blockRange.length) else {
            refuse(Self.outOfBound) { completionHandler([], $0) }
            return
        }
        let parameters = Self.little16(blockRange.location) + Self.little16(blockRange.length - 1)
        perform({ [self] in
            await standard(flags, 0x33, parameters).flatMap { Self.blocks($0, count: blockRange.length) }
        }) {
            result in
            switch result {
            case .success(let blocks): completionHandler(blocks, nil)
            case .failure(let error): completionHandler([], error)
            }
        }
    }

    public func __sendRequest(
        withFlag flags: Int, commandCode: Int, data: Data?,
        completionHandler: @escaping @Sendable (NFCISO15693ResponseFlag, Data?, (any Error)?) -> Void
    ) {
        guard (0...255).contains(flags), (0...255).contains(commandCode) else {
            refuse(Self.invalidParameter) { completionHandler([], nil, $0) }
            return
        }
        let frame = [UInt8](data ?? Data())
        guard 2 + frame.count <= 256 else {
            refuse(Self.packetTooLong) { completionHandler([], nil, $0) }
            return
        }
        perform({ [self] in await raw(flags: UInt8(flags), command: UInt8(commandCode), data: frame) }) { result in
            switch result {
            case .success(let response):
                completionHandler(
                    NFCISO15693ResponseFlag(rawValue: response.flags),
                    response.payload.isEmpty ? nil : Data(response.payload), nil)
            case .failure(let error): completionHandler([], nil, error)
            }
        }
    }

    /// A `sendRequest` frame as the tag reads it: its UID (LSB first) after the command when
    /// addressed, its manufacturer code next for a custom command; a frame meant for another tag
    /// gets no answer.
    func raw(flags: UInt8, command: UInt8, data: [UInt8]) async -> Result<ISO15693Response, NFCReaderError> {
        var rest = data[...]
        let requestFlags = ISO15693Request.Flags(rawValue: flags)
        var addressedElsewhere = false
        if requestFlags.contains(.address) {
            addressedElsewhere = rest.count < 8 || Array(rest.prefix(8)) != Array(identifier.reversed())
            rest = rest.dropFirst(8)
        }
        let request = ISO15693Request(flags: requestFlags, command: command, parameters: [])
        if request.isCustom {
            addressedElsewhere = addressedElsewhere || rest.first.map(Int.init) != icManufacturerCode
            rest = rest.dropFirst()
        }
        if addressedElsewhere {
            if let gone = admitCommand() { return .failure(gone) }
            return .failure(Self.silence)
        }
        return await exchange(ISO15693Request(flags: requestFlags, command: command, parameters: Array(rest)))
    }

    // MARK: NFCNDEFTag (no Type 5 NDEF mapping in the stand-in)

    static let noNDEFMapping = NFCReaderError(.readerErrorUnsupportedFeature, message: "Feature not supported")

    public func queryNDEFStatus(completionHandler: @escaping @Sendable (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        perform({ .success((NFCNDEFStatus.notSupported, 0)) }) { result in
            switch result {
            case .success(let (status, capacity)): completionHandler(status, capacity, nil)
            case .failure(let error): completionHandler(.notSupported, 0, error)
            }
        }
    }

    public func readNDEF(completionHandler: @escaping @Sendable (NFCNDEFMessage?, (any Error)?) -> Void) {
        refuse(Self.noNDEFMapping) { completionHandler(nil, $0) }
    }

    public func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    {
        refuse(Self.noNDEFMapping) { completionHandler($0) }
    }

    public func writeLock(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        refuse(Self.noNDEFMapping) { completionHandler($0) }
    }
}
