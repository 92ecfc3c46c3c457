import Foundation

// The Swift overlay's iOS 14 additions to `NFCISO15693Tag` (iPhoneOS17.0.sdk
// `CoreNFC.swiftmodule/arm64-apple-ios.swiftinterface`, verbatim signatures) and the `async`
// twins Swift imports for the iOS 13 completion-handler calls (corenfc-api.md §1.0). Built on the
// protocol's requirements, as the overlay is built on the ObjC methods.

extension NFCISO15693Tag {
    public func readSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8,
        resultHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) {
        readSingleBlock(requestFlags: flags, blockNumber: blockNumber) { data, error in
            resultHandler(error.map { .failure($0) } ?? .success(data))
        }
    }

    public func readMultipleBlocks(
        requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange,
        resultHandler: @escaping @Sendable (Result<[Data], any Error>) -> Void
    ) {
        readMultipleBlocks(requestFlags: flags, blockRange: blockRange) { blocks, error in
            resultHandler(error.map { .failure($0) } ?? .success(blocks))
        }
    }

    public func getSystemInfo(
        requestFlags flags: NFCISO15693RequestFlag,
        resultHandler: @escaping @Sendable (Result<NFCISO15693SystemInfo, any Error>) -> Void
    ) {
        __getSystemInfoAndUID(withRequestFlag: flags) { uid, dsfid, afi, blockSize, blockCount, icReference, error in
            if let error {
                resultHandler(.failure(error))
                return
            }
            resultHandler(
                .success(
                    NFCISO15693SystemInfo(
                        uniqueIdentifier: uid ?? Data(), dataStorageFormatIdentifier: dsfid,
                        applicationFamilyIdentifier: afi, blockSize: blockSize, totalBlocks: blockCount,
                        icReference: icReference)))
        }
    }

    public func __systemInfoAndUID(with flags: NFCISO15693RequestFlag) async throws -> (
        Data, Int, Int, Int, Int, Int
    ) {
        try await withCheckedThrowingContinuation { continuation in
            __getSystemInfoAndUID(withRequestFlag: flags) {
                uid, dsfid, afi, blockSize, blockCount, icReference, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (uid ?? Data(), dsfid, afi, blockSize, blockCount, icReference))
                }
            }
        }
    }

    /// `@_alwaysEmitIntoClient` in the overlay, built on `__systemInfoAndUID(with:)`.
    public func systemInfo(requestFlags flags: NFCISO15693RequestFlag) async throws -> NFCISO15693SystemInfo {
        let (uid, dsfid, afi, blockSize, blockCount, icReference) = try await self.__systemInfoAndUID(with: flags)
        return NFCISO15693SystemInfo(
            uniqueIdentifier: uid, dataStorageFormatIdentifier: dsfid, applicationFamilyIdentifier: afi,
            blockSize: blockSize, totalBlocks: blockCount, icReference: icReference)
    }

    public func customCommand(
        requestFlags flags: NFCISO15693RequestFlag, customCommandCode: Int, customRequestParameters: Data,
        resultHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) {
        customCommand(
            requestFlags: flags, customCommandCode: customCommandCode, customRequestParameters: customRequestParameters
        ) { data, error in
            resultHandler(error.map { .failure($0) } ?? .success(data))
        }
    }

    public func extendedReadSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: Int,
        resultHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) {
        extendedReadSingleBlock(requestFlags: flags, blockNumber: blockNumber) { data, error in
            resultHandler(error.map { .failure($0) } ?? .success(data))
        }
    }

    public func sendRequest(
        requestFlags flags: Int, commandCode: Int, data: Data?,
        resultHandler: @escaping @Sendable (Result<(NFCISO15693ResponseFlag, Data?), any Error>) -> Void
    ) {
        __sendRequest(withFlag: flags, commandCode: commandCode, data: data) { responseFlag, data, error in
            resultHandler(error.map { .failure($0) } ?? .success((responseFlag, data)))
        }
    }

    /// `@_alwaysEmitIntoClient` in the overlay.
    public func sendRequest(requestFlags flags: Int, commandCode: Int, data: Data?) async throws -> (
        NFCISO15693ResponseFlag, Data?
    ) {
        try await withCheckedThrowingContinuation { continuation in
            __sendRequest(withFlag: flags, commandCode: commandCode, data: data) { responseFlag, data, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (responseFlag, data))
                }
            }
        }
    }

    // MARK: async twins of the iOS 13 calls

    public func readSingleBlock(requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            readSingleBlock(requestFlags: flags, blockNumber: blockNumber) { data, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
            }
        }
    }

    public func writeSingleBlock(
        requestFlags flags: NFCISO15693RequestFlag, blockNumber: UInt8, dataBlock: Data
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writeSingleBlock(requestFlags: flags, blockNumber: blockNumber, dataBlock: dataBlock) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    public func readMultipleBlocks(requestFlags flags: NFCISO15693RequestFlag, blockRange: NSRange) async throws
        -> [Data]
    {
        try await withCheckedThrowingContinuation { continuation in
            readMultipleBlocks(requestFlags: flags, blockRange: blockRange) { blocks, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: blocks) }
            }
        }
    }

    public func customCommand(
        requestFlags flags: NFCISO15693RequestFlag, customCommandCode: Int, customRequestParameters: Data
    ) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            customCommand(
                requestFlags: flags, customCommandCode: customCommandCode,
                customRequestParameters: customRequestParameters
            ) { data, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
            }
        }
    }
}
