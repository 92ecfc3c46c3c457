import TagCatalog

extension FlipperDump {
    /// How many one-way counters the chip has: one on NTAG21x (the NFC counter, the Flipper's
    /// counter 2), three on Ultralight EV1, none on another chip.
    public var counterCount: Int {
        guard let model else { return 0 }
        return ChipProfile.profile(for: model)?.counterCount ?? 0
    }

    /// Marks as read what the chip does not have (counters on a chip without them, tearing flags
    /// on one without three counters), so that a dump equals itself written and read again.
    mutating func settleGaps() {
        if counterCount == 0 { countersRead = true }
        if counterCount != 3 { tearingFlagsRead = true }
    }

    /// The header fields the chip has and the dump does not hold, one sentence each, with what the
    /// tag made of it answers in their place: the originality signature, the counters, the
    /// tearing flags.
    public var headerGaps: [String] {
        DumpGapComment.missingFields(self).map { field in
            switch field {
            case .signature:
                "the originality signature: not read (absent, or the zeros Flipper and Proxmark3 write for a signature they did not read), zeros here, which never verify"
            case .counters:
                counterCount == 1
                    ? "the NFC counter (counter 2): not read, 0 here" : "counters 0–2: not read, 0 here"
            case .tearingFlags:
                "the tearing flags: not read, BD (no tearing event) here"
            }
        }
    }
}
