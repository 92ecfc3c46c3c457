import Foundation

// The Swift overlay's iOS 14 `Result` forms for `NFCFeliCaTag` (iPhoneOS17.0.sdk
// `CoreNFC.swiftmodule/arm64-apple-ios.swiftinterface`) and the `async` twins Swift imports for
// the completion-handler calls (corenfc-api.md §1.0).

extension NFCFeliCaTag {
    public func polling(
        systemCode: Data, requestCode: NFCFeliCaPollingRequestCode, timeSlot: NFCFeliCaPollingTimeSlot,
        resultHandler: @escaping @Sendable (Result<NFCFeliCaPollingResponse, any Error>) -> Void
    ) {
        polling(systemCode: systemCode, requestCode: requestCode, timeSlot: timeSlot) { pmm, requestData, error in
            resultHandler(
                error.map { .failure($0) }
                    ?? .success(
                        NFCFeliCaPollingResponse(
                            manufactureParameter: pmm, requestData: requestData.isEmpty ? nil : requestData)))
        }
    }

    public func readWithoutEncryption(
        serviceCodeList: [Data], blockList: [Data],
        resultHandler: @escaping @Sendable (Result<(NFCFeliCaStatusFlag, [Data]), any Error>) -> Void
    ) {
        readWithoutEncryption(serviceCodeList: serviceCodeList, blockList: blockList) { sf1, sf2, blocks, error in
            resultHandler(
                error.map { .failure($0) }
                    ?? .success((NFCFeliCaStatusFlag(statusFlag1: sf1, statusFlag2: sf2), blocks)))
        }
    }

    public func writeWithoutEncryption(
        serviceCodeList: [Data], blockList: [Data], blockData: [Data],
        resultHandler: @escaping @Sendable (Result<NFCFeliCaStatusFlag, any Error>) -> Void
    ) {
        writeWithoutEncryption(serviceCodeList: serviceCodeList, blockList: blockList, blockData: blockData) {
            sf1, sf2, error in
            resultHandler(
                error.map { .failure($0) } ?? .success(NFCFeliCaStatusFlag(statusFlag1: sf1, statusFlag2: sf2)))
        }
    }

    public func sendFeliCaCommand(
        commandPacket: Data, resultHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) {
        sendFeliCaCommand(commandPacket: commandPacket) { data, error in
            resultHandler(error.map { .failure($0) } ?? .success(data))
        }
    }

    // MARK: async twins

    public func polling(
        systemCode: Data, requestCode: NFCFeliCaPollingRequestCode, timeSlot: NFCFeliCaPollingTimeSlot
    ) async throws -> (Data, Data) {
        try await withCheckedThrowingContinuation { continuation in
            polling(systemCode: systemCode, requestCode: requestCode, timeSlot: timeSlot) { pmm, requestData, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (pmm, requestData))
                }
            }
        }
    }

    public func sendFeliCaCommand(commandPacket: Data) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            sendFeliCaCommand(commandPacket: commandPacket) { data, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
            }
        }
    }
}
