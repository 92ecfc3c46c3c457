import TagCatalog

extension FlipperDump {
    /// The dump a Flipper Zero would make of `tag`: its memory as stored (PWD and PACK included,
    /// as a Flipper records them once it knows the password), signature, counters.
    public init(tag: EmulatedTag) {
        var counters: [UInt32] = [0, 0, 0]
        var tearing: [UInt8] = [0, 0, 0]
        switch tag.counters.count {
        case 1:
            // NTAG21x: the NFC counter answers READ_CNT 02h, so it is the Flipper's counter 2.
            counters[2] = tag.counters[0]
            tearing = [0x00, 0x00, 0xBD]
        case 3:
            counters = tag.counters
            tearing = tag.tearingFlags.count == 3 ? tag.tearingFlags : [0xBD, 0xBD, 0xBD]
        default:
            break
        }
        let memory = tag.memory
        self.init(
            formatVersion: 4, chipName: FlipperNFC.chipName(for: tag.model), model: tag.model, uid: tag.uid,
            signature: tag.notInDump.contains(.signature) ? nil : tag.signature,
            getVersion: tag.model.type2Layout?.version ?? [UInt8](repeating: 0, count: 8),
            counters: counters, tearingFlags: tearing, pagesRead: tag.pagesRead,
            pages: stride(from: 0, to: memory.count, by: 4).map { Array(memory[$0..<$0 + 4]) },
            failedAuthenticationAttempts: tag.failedAuthentications)
        if tag.notInDump.contains(.counters) {
            unreadCounters = tag.countersNotInDump.isEmpty ? [0, 1, 2] : tag.countersNotInDump
        }
        if tag.notInDump.contains(.tearingFlags) {
            unreadTearingFlags = tag.tearingFlagsNotInDump.isEmpty ? [0, 1, 2] : tag.tearingFlagsNotInDump
        }
        settleGaps()
    }
}

extension EmulatedTag {
    /// A tag holding what `dump` recorded: its pages, signature and counters, and what it did not
    /// hold (``notInDump``, ``pagesRead``).
    ///
    /// Throws when the dump's chip is not one the emulator models, or when its page count is not
    /// the chip's.
    public convenience init(dump: FlipperDump) throws(EmulatorError) {
        guard let model = dump.model else { throw .unknownChip(dump.chipName) }
        try Self.check(model: model)
        let memory = dump.memory
        try Self.check(image: memory, model: model)
        self.init(image: memory, model: model)
        if let signature = dump.signature { self.signature = signature }
        switch counters.count {
        case 1: counters[0] = dump.counters.count == 3 ? dump.counters[2] : 0
        case 3:
            counters = dump.counters
            tearingFlags = dump.tearingFlags
        default: break
        }
        failedAuthentications = dump.failedAuthenticationAttempts
        notInDump = Set(DumpGapComment.missingFields(dump))
        if notInDump.contains(.counters) { countersNotInDump = dump.unreadCounters }
        if notInDump.contains(.tearingFlags) {
            tearingFlagsNotInDump = dump.unreadTearingFlags
            // An Ultralight EV1 whose dump lacks one answers as a chip with no tearing event.
            for index in dump.unreadTearingFlags where index < tearingFlags.count { tearingFlags[index] = 0xBD }
        }
        pagesRead = dump.pagesRead < dump.pages.count ? dump.pagesRead : nil
    }
}
