import TagFrames

/// Secure Dynamic Messaging on the tag's side (NTAG 424 DNA datasheet §9.3, §10.7.1, §10.7.3;
/// shared/reference/type4-type5-ntag424.md §2.6–§2.7): the counter rules of unauthenticated reads
/// of the SDM file, and GetFileCounters.
///
/// - SDMReadCtr goes up by 1 before the response of the first successful unauthenticated read of
///   the file (ISO READ BINARY or ReadData); the reads right after it with the same command reuse
///   the value and the padding. Any other command in between, a read with the other command, a
///   read of another file, a failed read (UNVERIFIED for the last two), or a new RF session makes
///   the next read increment again.
/// - Reads in an authenticated session neither increment the counter nor are mirrored: they return
///   the stored bytes (that they are not mirrored is UNVERIFIED; the reference only says they do
///   not increment).
/// - SDMReadCtrLimit: a read that would increment the counter when it has reached the limit (or
///   FFFFFF) is refused, `91 9D` native and `69 82` ISO, and the counter stays (the statuses are
///   UNVERIFIED). Repeated reads that reuse the value still succeed.
extension NTAG424Chip {
    /// Decides how an unauthenticated read of file `index` with `instruction` (`B0`, `AD`) is
    /// answered. The padding is drawn from ``NTAG424Challenges`` only when the counter increments
    /// and the file mirrors PICCData.
    mutating func prepareSDMRead(fileIndex index: Int, instruction: UInt8, previous: SDMReadState?, memory: Type4Memory)
        -> SDMReadPreparation
    {
        guard memory.files.indices.contains(index),
            let settings = SDMSettings.enabled(in: memory.files[index], memory: memory)
        else { return .asStored }
        let file = memory.files[index]
        let state: SDMReadState
        let counter: Int
        if let previous, previous.instruction == instruction {
            state = previous
            counter = file.sdmReadCounter
        } else {
            let limit = min(settings.counterLimit ?? 0xFF_FFFF, 0xFF_FFFF)
            guard file.sdmReadCounter < limit else { return .limitReached }
            counter = file.sdmReadCounter + 1
            let padding =
                settings.piccData == nil
                ? [] : challenges.nextSDMPadding(count: SDMMirror.paddingCount(settings, lrp: memory.lrp))
            state = SDMReadState(instruction: instruction, padding: padding)
        }
        guard
            let output = SDMMirror.output(
                of: file.contents, settings: settings, uid: uid, counter: counter, padding: state.padding,
                keys: memory.keys, lrp: memory.lrp)
        else { return .asStored }
        return .mirrored(output: output, counter: counter, state: state)
    }

    /// The file an ISO READ BINARY addresses, as `Type4ISOCommands` resolves it: by short file
    /// identifier (P1 bit 7) or the current EF.
    func readBinaryTarget(_ command: CommandAPDU, memory: Type4Memory) -> Int? {
        if command.p1 & 0x80 != 0 {
            guard command.p1 & 0x60 == 0, iso.isApplicationSelected else { return nil }
            return memory.index(ofNumber: command.p1 & 0x1F)
        }
        return iso.currentFile
    }

    /// GetFileCounters travels plain when SDMCtrRet is E, FULL otherwise (§10.7.3; the reference
    /// lists it as FULL or MAC: MAC is not modelled).
    func fileCountersMode(_ data: [UInt8], memory: Type4Memory) -> EV2CommMode {
        guard let number = data.first, let index = memory.index(ofNumber: number),
            let settings = SDMSettings.enabled(in: memory.files[index], memory: memory)
        else { return .full }
        return settings.counterReturn == Type4AccessRights.free ? .plain : .full
    }

    /// GetFileCounters (§10.7.3): SDMReadCtr (3 bytes, LSB first) ‖ 2 reserved zero bytes, for a
    /// file with SDM enabled, when SDMCtrRet is E or the authenticated key; `91 9D` without SDM or
    /// with CtrRet F, `91 AE` when CtrRet names a key not authenticated.
    static func fileCounters(header: [UInt8], rest: [UInt8], authenticatedKey: UInt8?, memory: Type4Memory)
        -> NTAG424Outcome
    {
        guard rest.isEmpty else { return .error(0x7E) }
        guard let number = header.first, let index = memory.index(ofNumber: number) else { return .error(0xF0) }
        guard let settings = SDMSettings.enabled(in: memory.files[index], memory: memory) else {
            return .error(0x9D)
        }
        let grant = Type4AccessRights.grant([settings.counterReturn], authenticatedKey: authenticatedKey)
        if let refused = refusal(grant) { return refused }
        return .success(SDMMirror.littleEndian3(memory.files[index].sdmReadCounter) + [0x00, 0x00])
    }
}
