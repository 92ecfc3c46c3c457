import Foundation

// The `async throws` twins Swift imports for every completion-handler method (reference §1.0:
// "Every Swift completion-handler method also has an `async throws` twin"). TapCard's adapter
// uses the completion-handler forms with its settle-once helper; these exist so that code using
// the twins compiles against the stand-in as it would against the SDK.

extension NFCNDEFTag {
    public func queryNDEFStatus() async throws -> (NFCNDEFStatus, Int) {
        try await withCheckedThrowingContinuation { continuation in
            queryNDEFStatus { status, capacity, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (status, capacity))
                }
            }
        }
    }

    public func readNDEF() async throws -> NFCNDEFMessage {
        let box: Unchecked<NFCNDEFMessage> = try await withCheckedThrowingContinuation { continuation in
            readNDEF { message, error in
                if let message {
                    continuation.resume(returning: Unchecked(message))
                } else {
                    continuation.resume(throwing: error ?? NFCReaderError(.readerTransceiveErrorTagResponseError))
                }
            }
        }
        return box.value
    }

    public func writeNDEF(_ ndefMessage: NFCNDEFMessage) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writeNDEF(ndefMessage) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    public func writeLock() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writeLock { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}

extension NFCMiFareTag {
    public func sendMiFareCommand(commandPacket command: Data) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            sendMiFareCommand(commandPacket: command) { data, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
            }
        }
    }
}

extension NFCMiFareTag {
    public func sendMiFareISO7816Command(_ apdu: NFCISO7816APDU) async throws -> (Data, UInt8, UInt8) {
        let box = Unchecked(apdu)
        return try await withCheckedThrowingContinuation { continuation in
            sendMiFareISO7816Command(box.value) { data, sw1, sw2, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (data, sw1, sw2))
                }
            }
        }
    }

    /// The overlay's iOS 14 variant (`@_alwaysEmitIntoClient` there, built on the tuple form).
    public func sendMiFareISO7816Command(_ apdu: NFCISO7816APDU) async throws -> NFCISO7816ResponseAPDU {
        let (responseData, sw1, sw2) = try await sendMiFareISO7816Command(apdu)
        return NFCISO7816ResponseAPDU(
            statusWord1: sw1, statusWord2: sw2, paylaod: (responseData.count > 0) ? responseData : nil)
    }
}

extension NFCISO7816Tag {
    public func sendCommand(apdu: NFCISO7816APDU) async throws -> (Data, UInt8, UInt8) {
        let box = Unchecked(apdu)
        return try await withCheckedThrowingContinuation { continuation in
            sendCommand(apdu: box.value) { data, sw1, sw2, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (data, sw1, sw2))
                }
            }
        }
    }

    /// The overlay's iOS 14 variant (`@_alwaysEmitIntoClient` there, built on the tuple form).
    public func sendCommand(apdu: NFCISO7816APDU) async throws -> NFCISO7816ResponseAPDU {
        let (data, sw1, sw2) = try await sendCommand(apdu: apdu)
        return NFCISO7816ResponseAPDU(statusWord1: sw1, statusWord2: sw2, paylaod: (data.count > 0) ? data : nil)
    }
}

extension NFCTagReaderSession {
    public func connect(to tag: NFCTag) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            connect(to: tag) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}

extension NFCNDEFReaderSession {
    public func connect(to tag: any NFCNDEFTag) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            connect(to: tag) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
