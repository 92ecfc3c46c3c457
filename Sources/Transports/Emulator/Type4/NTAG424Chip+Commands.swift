import Ciphers
import TagFrames

/// The NTAG 424 DNA commands that read or change files and keys, on plain data: secure messaging
/// (``secured(_:headerLength:mode:requiresSession:_:)``) has already checked and deciphered what
/// they get and protects what they answer (NTAG 424 DNA datasheet §10.6–§10.8; reference §2.2,
/// §2.3, §2.5, §2.6).
extension NTAG424Chip {
    /// FileNo, offset and length of ReadData/WriteData (3-byte fields LSB first), or `nil`.
    static func range(_ header: [UInt8]) -> (number: UInt8, offset: Int, length: Int)? {
        guard header.count == 7 else { return nil }
        let offset = Int(header[1]) | Int(header[2]) << 8 | Int(header[3]) << 16
        let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16
        return (header[0], offset, length)
    }

    /// `91 9D` when every condition is F, `91 AE` when a key is needed, `nil` when access is granted.
    static func refusal(_ grant: Type4AccessRights.Grant) -> NTAG424Outcome? {
        switch grant {
        case .key, .free: nil
        case .never: .error(0x9D)
        case .authenticationRequired: .error(0xAE)
        }
    }

    /// ReadData (§10.8.1): Read or ReadWrite; length 0 reads to the end of the file. `output` is
    /// what the file reads as when it differs from its contents (an SDM mirror).
    static func readData(
        header: [UInt8], rest: [UInt8], authenticatedKey: UInt8?, memory: Type4Memory, output: [UInt8]? = nil
    ) -> NTAG424Outcome {
        guard rest.isEmpty, let range = range(header) else { return .error(0x7E) }
        guard let index = memory.index(ofNumber: range.number) else { return .error(0xF0) }
        let file = memory.files[index]
        if let refused = file.accessRights.flatMap({ refusal($0.readGrant(authenticatedKey: authenticatedKey)) }) {
            return refused
        }
        guard range.offset < file.size else { return .error(0xBE) }
        let length = range.length == 0 ? file.size - range.offset : range.length
        guard length <= file.size - range.offset else { return .error(0xBE) }
        return .success(Array((output ?? file.contents)[range.offset..<(range.offset + length)]))
    }

    /// WriteData (§10.8.2): Write or ReadWrite; the data must be exactly Length bytes.
    static func writeData(
        header: [UInt8], data: [UInt8], authenticatedKey: UInt8?, memory: inout Type4Memory,
        context: inout Type4CommandContext
    ) -> NTAG424Outcome {
        guard let range = range(header), range.length > 0, data.count == range.length else { return .error(0x7E) }
        guard let index = memory.index(ofNumber: range.number) else { return .error(0xF0) }
        let file = memory.files[index]
        if let refused = file.accessRights.flatMap({ refusal($0.writeGrant(authenticatedKey: authenticatedKey)) }) {
            return refused
        }
        guard range.offset < file.size, range.length <= file.size - range.offset else { return .error(0xBE) }
        if let failure = context.nativeWriteFailure { return NTAG424Outcome(status: failure) }
        context.program(data, at: range.offset, file: index, memory: &memory)
        return .success()
    }

    /// ChangeKey (§10.6.1): only with key 0 authenticated (`91 AE`). Key 0's KeyData is NewKey ‖
    /// KeyVer (17 bytes); keys 1–4 take (NewKey ⊕ OldKey) ‖ KeyVer ‖ CRC32(NewKey) (21 bytes), and
    /// a CRC32 that does not match is `91 1E` (compared in constant time). Changing key 0 ends the
    /// session: the answer is `91 00` without a MAC (AN12196's transcript, reference V-SM-6).
    ///
    /// The key and its version are committed together or not at all: a tear in `.corruptedWrite`
    /// mode keeps the old key (a modelling choice; the datasheet does not describe a torn ChangeKey).
    static func changeKey(
        header: [UInt8], keyData: [UInt8], authenticatedKey: UInt8?, memory: inout Type4Memory,
        context: Type4CommandContext
    ) -> NTAG424Outcome {
        guard authenticatedKey == 0 else { return .error(0xAE) }
        guard let number = header.first.map(Int.init), memory.keys.indices.contains(number) else {
            return .error(0x40)
        }
        let newKey: [UInt8]
        if number == 0 {
            guard keyData.count == 17 else { return .error(0x7E) }
            newKey = Array(keyData[0..<16])
        } else {
            guard keyData.count == 21 else { return .error(0x7E) }
            let old = memory.keys[number].value
            guard old.count == 16 else { return .error(0xEE) }
            newKey = zip(keyData[0..<16], old).map { $0 ^ $1 }
            guard ConstantTime.equal(CRC32.ntag424(newKey), Array(keyData[17..<21])) else { return .error(0x1E) }
        }
        if !context.tornWrite { memory.keys[number] = Type4Key(value: newKey, version: keyData[16]) }
        var outcome = NTAG424Outcome.success()
        outcome.endsSession = number == 0
        return outcome
    }

    /// ChangeFileSettings (§10.7.1, reference §2.6): FileOption ‖ AccessRights ‖ [SDM part]. The
    /// file's Change condition decides: `F` is `91 9D`, a key not authenticated `91 AE`. FileOption
    /// bits 7 and 5-2 are RFU (`91 9E` when set); SDM (bit 6) only on file 2 (`91 9D`). Access
    /// conditions naming keys 5–D are `91 9E`. The SDM part must have exactly the fields its
    /// options call for (`91 7E` otherwise) and pass the datasheet's checks of options, keys and
    /// offsets (`91 9E`, `SDMSettings.parse(_:fileSize:keyCount:lrp:)`); it is kept as sent, so
    /// GetFileSettings returns it byte for byte. Settings that enable SDM set SDMReadCtr to 0
    /// (§2.7; that settings re-sent while SDM is already on reset it too is UNVERIFIED). The new
    /// settings and the counter are committed whole: a torn command keeps the old ones (modelling
    /// choice).
    static func changeFileSettings(
        header: [UInt8], settings: [UInt8], authenticatedKey: UInt8?, memory: inout Type4Memory,
        context: Type4CommandContext
    ) -> NTAG424Outcome {
        guard let number = header.first, let index = memory.index(ofNumber: number) else { return .error(0xF0) }
        let file = memory.files[index]
        guard let old = file.settings, old.count >= 7, let rights = file.accessRights else { return .error(0x9D) }
        if let refused = refusal(rights.changeGrant(authenticatedKey: authenticatedKey)) { return refused }
        guard settings.count >= 3 else { return .error(0x7E) }
        let option = settings[0]
        guard option & 0xBC == 0 else { return .error(0x9E) }
        let newRights = Type4AccessRights(bytes: settings[1], settings[2])
        guard newRights.namesOnlyExistingKeys(keyCount: memory.keys.count) else { return .error(0x9E) }
        let sdm = Array(settings[3...])
        let enablesSDM = option & 0x40 != 0
        if enablesSDM {
            guard number == 0x02 else { return .error(0x9D) }
            if case .failure(let refusal) = SDMSettings.parse(
                sdm, fileSize: file.size, keyCount: memory.keys.count, lrp: memory.lrp)
            {
                return .error(refusal.code)
            }
        } else {
            guard sdm.isEmpty else { return .error(0x7E) }
        }
        if !context.tornWrite {
            memory.files[index].settings = [old[0], option] + newRights.bytes + Array(old[4..<7]) + sdm
            if enablesSDM { memory.files[index].sdmReadCounter = 0 }
        }
        return .success()
    }

    /// SetConfiguration (§10.5.1): only with key 0 authenticated (`91 AE`). Option `05`, the
    /// capability data (10 bytes: 4 RFU, PDCap2.1, 3 RFU, PDCap2.5, PDCap2.6), switches the tag to
    /// LRP secure messaging when PDCap2.1 bit 1 is set; the switch is permanent ("it is not
    /// possible to revert back to AES mode"), so a clear bit on an LRP tag changes nothing. It
    /// takes effect at the next AuthenticateEV2First and the next SUN mirror. Other options (PICC
    /// configuration, secure messaging, failed-authentication counter, hardware) are `91 1C`: not
    /// modelled. A torn command keeps the old mode (modelling choice).
    static func setConfiguration(
        header: [UInt8], data: [UInt8], authenticatedKey: UInt8?, memory: inout Type4Memory,
        context: Type4CommandContext
    ) -> NTAG424Outcome {
        guard authenticatedKey == 0 else { return .error(0xAE) }
        guard header == [0x05] else { return .error(0x1C) }
        guard data.count == 10 else { return .error(0x7E) }
        if data[4] & 0x02 != 0, !context.tornWrite { memory.lrp = true }
        return .success()
    }
}
