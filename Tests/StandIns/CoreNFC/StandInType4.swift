import TagFrames

/// The NFC Forum Type 4 NDEF mapping as the stand-in's "iOS" performs it inside
/// `queryNDEFStatus` / `readNDEF` / `writeNDEF` / `writeLock` of an ISO-DEP tag, written from the
/// reference (type4-type5-ntag424.md §1.2–§1.4) and independent of TapCard's own Type 4 module, so
/// that the two can catch each other's mistakes (as ``StandInType2`` does for Type 2).
///
/// Procedure (§1.4): SELECT the NDEF application `D2760000850101`, SELECT the CC file `E103`, one
/// READ BINARY of 15 bytes (as Android does, §1.6), SELECT the NDEF file the CC names, read NLEN,
/// then the message in chunks of at most MLe (and 256) bytes. Writing: the whole file in one
/// UPDATE BINARY when NLEN and the message fit in MLc (and 255) bytes; otherwise NLEN `00 00`
/// first, the message from offset 2 in chunks, and the real NLEN last, so that a torn write leaves
/// an empty tag, not a corrupt one.
///
/// Figures iOS does not document, modelled and marked UNVERIFIED: the capacity it reports
/// (the CC's maximum NDEF file size − 2, as nfcpy derives it), the status of a file whose CC
/// access bytes are proprietary (read access ≠ `00` → `notSupported`; write access ≠ `00` →
/// `readOnly`, since iOS's NDEF stack cannot authenticate), which error codes it gives a refused
/// APDU (`TagResponseError` reading, `TagUpdateFailure` writing, as for Type 2), and that it reads
/// only mapping versions 2.0 and 3.0 with a short NDEF File Control TLV (`04`).
struct StandInType4 {
    /// One APDU to the tag (the field fault and CoreNFC's error codes are the caller's).
    let transmit: (CommandAPDU) async -> Result<ResponseAPDU, NFCReaderError>

    /// The NDEF Tag Application, T4T ≥ 2.0 (§1.2).
    static let ndefApplication: [UInt8] = [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
    static let capabilityContainerFile: [UInt8] = [0xE1, 0x03]

    /// What the CC file says about the NDEF file (§1.3).
    struct CapabilityContainer {
        var maximumRead: Int
        var maximumWrite: Int
        var fileID: [UInt8]
        var maximumFileSize: Int
        var readAccess: UInt8
        var writeAccess: UInt8

        /// The 15 bytes of a CC: CCLEN, mapping version, MLe, MLc, NDEF File Control TLV.
        init?(_ bytes: [UInt8]) {
            guard bytes.count >= 15 else { return nil }
            let length = Int(bytes[0]) << 8 | Int(bytes[1])
            let major = bytes[2] >> 4
            let mle = Int(bytes[3]) << 8 | Int(bytes[4])
            let mlc = Int(bytes[5]) << 8 | Int(bytes[6])
            let size = Int(bytes[11]) << 8 | Int(bytes[12])
            guard length >= 0x0F, major == 2 || major == 3, mle >= 0x0F, mlc >= 0x01, bytes[7] == 0x04,
                bytes[8] == 0x06, (0x0005...0x7FFF).contains(size)
            else { return nil }
            maximumRead = min(mle, 256)
            maximumWrite = min(mlc, 255)
            fileID = [bytes[9], bytes[10]]
            maximumFileSize = size
            readAccess = bytes[13]
            writeAccess = bytes[14]
        }

        /// The largest message the NDEF file holds after its 2-byte NLEN.
        var capacity: Int { maximumFileSize - 2 }
    }

    private static let notSupported = NFCReaderError(
        .readerTransceiveErrorTagResponseError, message: "NDEF not supported")
    private static let responseError = NFCReaderError(
        .readerTransceiveErrorTagResponseError, message: "Tag response error")
    private static let updateFailure = NFCReaderError(
        .ndefReaderSessionErrorTagUpdateFailure, message: "Tag update failure")

    private static func select(_ identifier: [UInt8], byName: Bool) -> CommandAPDU {
        byName
            ? CommandAPDU(cla: 0x00, ins: 0xA4, p1: 0x04, p2: 0x00, data: identifier, le: 256)
            : CommandAPDU(cla: 0x00, ins: 0xA4, p1: 0x00, p2: 0x0C, data: identifier)
    }

    private static func readBinary(offset: Int, count: Int) -> CommandAPDU {
        CommandAPDU(
            cla: 0x00, ins: 0xB0, p1: UInt8(offset >> 8 & 0x7F), p2: UInt8(offset & 0xFF), le: count)
    }

    private static func updateBinary(offset: Int, _ data: ArraySlice<UInt8>) -> CommandAPDU {
        CommandAPDU(
            cla: 0x00, ins: 0xD6, p1: UInt8(offset >> 8 & 0x7F), p2: UInt8(offset & 0xFF), data: Array(data))
    }

    /// True when the tag answered `90 00`; the carrier's failure otherwise passed on.
    private func succeeds(_ command: CommandAPDU) async -> Result<Bool, NFCReaderError> {
        await transmit(command).map { $0.status == .success }
    }

    /// The tag's CC, or `nil` when it has no NDEF application or no valid CC.
    private func capabilityContainer() async -> Result<CapabilityContainer?, NFCReaderError> {
        for command in [
            Self.select(Self.ndefApplication, byName: true), Self.select(Self.capabilityContainerFile, byName: false),
        ] {
            switch await succeeds(command) {
            case .failure(let error): return .failure(error)
            case .success(false): return .success(nil)
            case .success(true): break
            }
        }
        switch await transmit(Self.readBinary(offset: 0, count: 15)) {
        case .failure(let error): return .failure(error)
        case .success(let response):
            return .success(response.status == .success ? CapabilityContainer(response.data) : nil)
        }
    }

    func status() async -> Result<(NFCNDEFStatus, Int), NFCReaderError> {
        await capabilityContainer().map { cc in
            guard let cc, cc.readAccess == 0x00 else { return (.notSupported, 0) }
            return (cc.writeAccess == 0x00 ? .readWrite : .readOnly, cc.capacity)
        }
    }

    /// The NDEF file selected, or the error to report.
    private func selectNDEFFile(
        of cc: CapabilityContainer, refusal: NFCReaderError
    ) async -> NFCReaderError? {
        switch await succeeds(Self.select(cc.fileID, byName: false)) {
        case .failure(let error): error
        case .success(false): refusal
        case .success(true): nil
        }
    }

    func read() async -> Result<[UInt8], NFCReaderError> {
        let cc: CapabilityContainer
        switch await capabilityContainer() {
        case .failure(let error): return .failure(error)
        case .success(let found?) where found.readAccess == 0x00: cc = found
        case .success: return .failure(Self.notSupported)
        }
        if let error = await selectNDEFFile(of: cc, refusal: Self.notSupported) { return .failure(error) }
        let length: Int
        switch await transmit(Self.readBinary(offset: 0, count: 2)) {
        case .failure(let error): return .failure(error)
        case .success(let response) where response.status == .success && response.data.count == 2:
            length = Int(response.data[0]) << 8 | Int(response.data[1])
        case .success: return .failure(Self.responseError)
        }
        // An initialised tag (NLEN 0) has no message: an error on iOS, as for Type 2.
        guard length > 0 else {
            return .failure(
                NFCReaderError(
                    .ndefReaderSessionErrorZeroLengthMessage, message: "NDEF tag does not contain any NDEF message"))
        }
        guard length <= cc.capacity else { return .failure(Self.responseError) }
        var message: [UInt8] = []
        while message.count < length {
            let count = min(length - message.count, cc.maximumRead)
            switch await transmit(Self.readBinary(offset: 2 + message.count, count: count)) {
            case .failure(let error): return .failure(error)
            case .success(let response) where response.status == .success && !response.data.isEmpty:
                message += response.data.prefix(count)
            case .success: return .failure(Self.responseError)
            }
        }
        guard StandInNDEFCodec.decode(message) != nil else {
            return .failure(NFCReaderError(.readerTransceiveErrorTagResponseError, message: "Invalid NDEF message"))
        }
        return .success(message)
    }

    func write(_ records: [StandInNDEFCodec.Record]) async -> Result<Void, NFCReaderError> {
        guard !records.isEmpty else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorZeroLengthMessage, message: "Zero length message"))
        }
        let cc: CapabilityContainer
        switch await capabilityContainer() {
        case .failure(let error): return .failure(error)
        case .success(nil):
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagNotWritable, message: "Tag is not NDEF formatted"))
        case .success(let found?): cc = found
        }
        guard cc.readAccess == 0x00, cc.writeAccess == 0x00 else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagNotWritable, message: "Tag is read only"))
        }
        let message = StandInNDEFCodec.encode(records)
        guard message.count <= cc.capacity else {
            return .failure(NFCReaderError(.ndefReaderSessionErrorTagSizeTooSmall, message: "Tag size too small"))
        }
        if let error = await selectNDEFFile(of: cc, refusal: Self.updateFailure) { return .failure(error) }
        let length: [UInt8] = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        var updates: [CommandAPDU]
        if 2 + message.count <= cc.maximumWrite {
            updates = [Self.updateBinary(offset: 0, (length + message)[...])]
        } else {
            updates = [Self.updateBinary(offset: 0, [0x00, 0x00][...])]
            var offset = 0
            while offset < message.count {
                let end = min(message.count, offset + cc.maximumWrite)
                updates.append(Self.updateBinary(offset: 2 + offset, message[offset..<end]))
                offset = end
            }
            updates.append(Self.updateBinary(offset: 0, length[...]))
        }
        for update in updates {
            switch await succeeds(update) {
            case .failure(let error): return .failure(error)
            case .success(false): return .failure(Self.updateFailure)
            case .success(true): break
            }
        }
        return .success(())
    }

    /// What iOS's `writeLock` does on a Type 4 tag is UNVERIFIED: NFC Forum T4T defines no lock
    /// procedure (a tag is read-only when its CC says write access `FF`, which only a proprietary
    /// command can set; NTAG 424 DNA needs authentication for ChangeFileSettings), and the
    /// reference found no report of iOS locking one. Modelled as refusing before anything is
    /// sent, with `readerErrorUnsupportedFeature` (1).
    func lock() -> Result<Void, NFCReaderError> {
        .failure(NFCReaderError(.readerErrorUnsupportedFeature, message: "Feature not supported"))
    }
}
