import Foundation
import TagFrames
import TagTransport

/// A FeliCa (NFC Forum Type 3) card as CoreNFC presents it through `NFCTag.feliCa`, seen only when
/// the session polls `.iso18092`. Its commands go to any ``/TagTransport/FeliCaChannel`` — an
/// emulated FeliCa card in tests — following `NFCFeliCaTag.h` (iPhoneOS17.0.sdk):
///
/// - Discovery: "When the reader discovers a FeliCa tag it automatically performs a Polling command
///   using the system code values provided in the … systemcodes in the specified array order", and
///   returns the tag "on the first successful Polling command matching one of the system codes";
///   "Tag will not be returned … if no matching system is found". ``currentSystemCode`` is that code,
///   ``currentIDm`` the IDm of the answer. Discovery Pollings do not count towards
///   ``commandsReceived`` nor ``leaveField(afterCommands:)``.
/// - `sendFeliCaCommand(commandPacket:)`: the packet is code ‖ IDm ‖ parameters (Polling, code `00`,
///   has no IDm), 1–254 bytes ("Maximum packet length is 254"); iOS adds LEN and CRC, and the
///   response packet comes back without them. The stand-in hands the card a
///   ``/TagFrames/FeliCaCommand`` (which has neither) and records the frame iOS would send, LEN
///   first, in ``framesSent`` (the CRC is not modelled). A Polling command is a `FeliCaCommand` with
///   code `00`, an empty IDm and the parameters system code (upper byte first), request code, time slot.
/// - The typed calls build the commands of the FeliCa Card User's Manual (Check `06`, Update `08`,
///   Request Service `02`, Request Response `04`) with ``currentIDm``; status flags are data.
/// - `polling(systemCode:…)` with a code missing from Info.plist fails with `SecurityViolation`
///   before anything is sent ("NFCReaderErrorSecurityViolation will be returned when an invalid
///   system code is used").
///
/// iOS's own Type 3 NDEF mapping is not modelled: `queryNDEFStatus` says `notSupported`.
/// Not part of CoreNFC: tests create these and present them with ``NFCStandInSystem/Event/present(_:)``.
public final class StandInFeliCaTag: StandInTagBase, NFCFeliCaTag {
    let channel: any FeliCaChannel
    private var systemCode = Data()
    private var idm = Data()
    private var frames: [[UInt8]] = []
    private var log: [FeliCaCommand] = []

    /// - Parameter channel: the card's radio (an emulated FeliCa card).
    public init(channel: any FeliCaChannel) {
        self.channel = channel
        super.init()
    }

    public var currentSystemCode: Data { lock.withLock { systemCode } }
    public var currentIDm: Data { lock.withLock { idm } }

    /// Every command the card received, in order: the system's discovery Pollings first.
    public var feliCaCommandsReceived: [FeliCaCommand] { lock.withLock { log } }
    /// What iOS would have put on the air for each app command: LEN (the packet's length plus one) ‖ packet.
    public var framesSent: [[UInt8]] { lock.withLock { frames } }

    override var asNFCTag: NFCTag? { .feliCa(self) }
    override var pollingTechnology: NFCTagReaderSession.PollingOption { .iso18092 }
    override var needsDiscovery: Bool { true }

    /// A system code as Info.plist spells it: four hex digits, no wildcard (`FF`) byte.
    static func systemCodeBytes(_ text: String) -> [UInt8]? {
        guard text.utf8.count == 4, let value = UInt16(text, radix: 16) else { return nil }
        let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return bytes.contains(0xFF) ? nil : bytes
    }

    static func pollingCommand(systemCode: [UInt8], requestCode: UInt8, timeSlot: UInt8) -> FeliCaCommand {
        FeliCaCommand(code: 0x00, idm: [], parameters: systemCode + [requestCode, timeSlot])
    }

    /// The IDm, PMm and request data of a Polling answer; `nil` when it is not one.
    static func pollingAnswer(_ response: FeliCaResponse) -> (idm: [UInt8], pmm: [UInt8], requestData: [UInt8])? {
        guard response.code == 0x01, response.idm.count == 8, response.payload.count >= 8 else { return nil }
        return (response.idm, Array(response.payload.prefix(8)), Array(response.payload.dropFirst(8)))
    }

    override func discover(in system: NFCStandInSystem) async -> Bool {
        guard lock.withLock({ present }) else { return false }
        for code in system.feliCaSystemCodes {
            guard let bytes = Self.systemCodeBytes(code) else { continue }
            let polling = Self.pollingCommand(systemCode: bytes, requestCode: 0, timeSlot: 0)
            lock.withLock { log.append(polling) }
            guard let response = try? await channel.send(polling), let answer = Self.pollingAnswer(response) else {
                continue
            }
            lock.withLock {
                systemCode = Data(bytes)
                idm = Data(answer.idm)
            }
            return true
        }
        return false
    }

    static let invalidLength = NFCReaderError(.readerErrorInvalidParameterLength, message: "Invalid parameter length")
    static let packetTooLong = NFCReaderError(.readerTransceiveErrorPacketTooLong, message: "Packet too long")
    static let responseError = NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Tag response error")
    static let securityViolation = NFCReaderError(.readerErrorSecurityViolation, message: "Security violation")

    /// The command a packet stands for (code ‖ IDm ‖ parameters; Polling without IDm).
    static func command(fromPacket packet: [UInt8]) -> Result<FeliCaCommand, NFCReaderError> {
        guard let code = packet.first else { return .failure(invalidLength) }
        guard packet.count <= 254 else { return .failure(packetTooLong) }
        if code == 0x00 { return .success(FeliCaCommand(code: code, idm: [], parameters: Array(packet.dropFirst()))) }
        guard packet.count >= 9 else { return .failure(invalidLength) }
        return .success(FeliCaCommand(code: code, idm: Array(packet[1..<9]), parameters: Array(packet.dropFirst(9))))
    }

    /// One command through the channel, logged with its air frame, with the field fault and
    /// CoreNFC's carrier errors.
    func exchange(_ command: FeliCaCommand) async -> Result<FeliCaResponse, NFCReaderError> {
        if let gone = admitCommand() { return .failure(gone) }
        let packet = [command.code] + command.idm + command.parameters
        lock.withLock {
            log.append(command)
            frames.append([UInt8(packet.count + 1)] + packet)
        }
        do {
            return .success(try await channel.send(command))
        } catch {
            return .failure(coreNFCError(for: error))
        }
    }

    /// A typed call's command to the current IDm; the answer's payload when it answers the command.
    func typed(_ code: UInt8, _ parameters: [UInt8]) async -> Result<[UInt8], NFCReaderError> {
        let command = FeliCaCommand(code: code, idm: [UInt8](currentIDm), parameters: parameters)
        return await exchange(command).flatMap { response in
            response.code == code &+ 1 ? .success(response.payload) : .failure(Self.responseError)
        }
    }

    /// Status flags 1 and 2, and what follows them.
    static func statusFlags(_ payload: [UInt8]) -> Result<(Int, Int, [UInt8]), NFCReaderError> {
        guard payload.count >= 2 else { return .failure(responseError) }
        return .success((Int(payload[0]), Int(payload[1]), Array(payload.dropFirst(2))))
    }

    // MARK: NFCFeliCaTag

    public func polling(
        systemCode: Data, requestCode: NFCFeliCaPollingRequestCode, timeSlot: NFCFeliCaPollingTimeSlot,
        completionHandler: @escaping @Sendable (Data, Data, (any Error)?) -> Void
    ) {
        let listed = (lock.withLock { session?.system.feliCaSystemCodes } ?? []).compactMap(Self.systemCodeBytes)
        let bytes = [UInt8](systemCode)
        guard listed.contains(bytes) else {
            refuse(Self.securityViolation) { completionHandler(Data(), Data(), $0) }
            return
        }
        let command = Self.pollingCommand(
            systemCode: bytes, requestCode: UInt8(requestCode.rawValue), timeSlot: UInt8(timeSlot.rawValue))
        perform({ [self] () async -> Result<([UInt8], [UInt8]), NFCReaderError> in
            let result = await exchange(command)
            guard case .success(let response) = result, let answer = Self.pollingAnswer(response) else {
                lock.withLock { idm = Data() }
                if case .failure(let error) = result { return .failure(error) }
                return .failure(Self.responseError)
            }
            lock.withLock {
                idm = Data(answer.idm)
                self.systemCode = Data(bytes)
            }
            return .success((answer.pmm, answer.requestData))
        }) { result in
            switch result {
            case .success(let (pmm, requestData)): completionHandler(Data(pmm), Data(requestData), nil)
            case .failure(let error): completionHandler(Data(), Data(), error)
            }
        }
    }

    public func requestService(
        nodeCodeList: [Data], completionHandler: @escaping @Sendable ([Data], (any Error)?) -> Void
    ) {
        guard (1...32).contains(nodeCodeList.count), nodeCodeList.allSatisfy({ $0.count == 2 }) else {
            refuse(Self.invalidLength) { completionHandler([], $0) }
            return
        }
        let parameters = [UInt8(nodeCodeList.count)] + nodeCodeList.flatMap { [UInt8]($0) }
        perform({ [self] in
            await typed(0x02, parameters).flatMap { payload -> Result<[Data], NFCReaderError> in
                guard let count = payload.first, payload.count == 1 + 2 * Int(count) else {
                    return .failure(Self.responseError)
                }
                return .success(stride(from: 1, to: payload.count, by: 2).map { Data(payload[$0..<$0 + 2]) })
            }
        }) { result in
            switch result {
            case .success(let versions): completionHandler(versions, nil)
            case .failure(let error): completionHandler([], error)
            }
        }
    }

    public func requestResponse(completionHandler: @escaping @Sendable (Int, (any Error)?) -> Void) {
        perform({ [self] in
            await typed(0x04, []).flatMap { payload -> Result<Int, NFCReaderError> in
                payload.count == 1 ? .success(Int(payload[0])) : .failure(Self.responseError)
            }
        }) { result in
            switch result {
            case .success(let mode): completionHandler(mode, nil)
            case .failure(let error): completionHandler(0, error)
            }
        }
    }

    /// Service and block lists as Check and Update take them: counts first.
    static func lists(services: [Data], blocks: [Data]) -> [UInt8]? {
        guard (1...16).contains(services.count), services.allSatisfy({ $0.count == 2 }),
            (1...255).contains(blocks.count), blocks.allSatisfy({ $0.count == 2 || $0.count == 3 })
        else { return nil }
        return [UInt8(services.count)] + services.flatMap { [UInt8]($0) } + [UInt8(blocks.count)]
            + blocks.flatMap { [UInt8]($0) }
    }

    public func readWithoutEncryption(
        serviceCodeList: [Data], blockList: [Data],
        completionHandler: @escaping @Sendable (Int, Int, [Data], (any Error)?) -> Void
    ) {
        guard let parameters = Self.lists(services: serviceCodeList, blocks: blockList) else {
            refuse(Self.invalidLength) { completionHandler(0, 0, [], $0) }
            return
        }
        perform({ [self] in
            await typed(0x06, parameters).flatMap(Self.statusFlags).flatMap {
                (sf1, sf2, rest) -> Result<(Int, Int, [Data]), NFCReaderError> in
                guard sf1 == 0 else { return .success((sf1, sf2, [])) }
                guard let count = rest.first, rest.count == 1 + 16 * Int(count) else {
                    return .failure(Self.responseError)
                }
                return .success((sf1, sf2, stride(from: 1, to: rest.count, by: 16).map { Data(rest[$0..<$0 + 16]) }))
            }
        }) { result in
            switch result {
            case .success(let (sf1, sf2, blocks)): completionHandler(sf1, sf2, blocks, nil)
            case .failure(let error): completionHandler(0, 0, [], error)
            }
        }
    }

    public func writeWithoutEncryption(
        serviceCodeList: [Data], blockList: [Data], blockData: [Data],
        completionHandler: @escaping @Sendable (Int, Int, (any Error)?) -> Void
    ) {
        guard let lists = Self.lists(services: serviceCodeList, blocks: blockList),
            blockData.count == blockList.count, blockData.allSatisfy({ $0.count == 16 })
        else {
            refuse(Self.invalidLength) { completionHandler(0, 0, $0) }
            return
        }
        let parameters = lists + blockData.flatMap { [UInt8]($0) }
        perform({ [self] in await typed(0x08, parameters).flatMap(Self.statusFlags) }) { result in
            switch result {
            case .success(let (sf1, sf2, _)): completionHandler(sf1, sf2, nil)
            case .failure(let error): completionHandler(0, 0, error)
            }
        }
    }

    public func sendFeliCaCommand(
        commandPacket: Data, completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void
    ) {
        let command: FeliCaCommand
        switch Self.command(fromPacket: [UInt8](commandPacket)) {
        case .success(let built): command = built
        case .failure(let refusal):
            refuse(refusal) { completionHandler(Data(), $0) }
            return
        }
        perform({ [self] in await exchange(command) }) { result in
            switch result {
            case .success(let response):
                completionHandler(Data([response.code] + response.idm + response.payload), nil)
            case .failure(let error): completionHandler(Data(), error)
            }
        }
    }

    // MARK: NFCNDEFTag (no Type 3 NDEF mapping in the stand-in)

    public func queryNDEFStatus(completionHandler: @escaping @Sendable (NFCNDEFStatus, Int, (any Error)?) -> Void) {
        perform({ .success((NFCNDEFStatus.notSupported, 0)) }) { result in
            switch result {
            case .success(let (status, capacity)): completionHandler(status, capacity, nil)
            case .failure(let error): completionHandler(.notSupported, 0, error)
            }
        }
    }

    public func readNDEF(completionHandler: @escaping @Sendable (NFCNDEFMessage?, (any Error)?) -> Void) {
        refuse(StandInISO15693Tag.noNDEFMapping) { completionHandler(nil, $0) }
    }

    public func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    {
        refuse(StandInISO15693Tag.noNDEFMapping) { completionHandler($0) }
    }

    public func writeLock(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        refuse(StandInISO15693Tag.noNDEFMapping) { completionHandler($0) }
    }
}
