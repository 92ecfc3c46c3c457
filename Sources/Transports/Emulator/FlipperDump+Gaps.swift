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
        unreadCounters.formIntersection(Self.counterIndices(count: counterCount))
        if counterCount != 3 { unreadTearingFlags = [] }
    }

    /// The counters a chip with `count` counters has, as ``counters`` numbers them: NTAG21x's
    /// NFC counter is counter 2 (its READ_CNT address).
    static func counterIndices(count: Int) -> Set<Int> {
        switch count {
        case 1: [2]
        case 3: [0, 1, 2]
        default: []
        }
    }

    /// "counter 1", "counters 0 and 2", "counters 0–2".
    public static func counterNames(_ indices: Set<Int>) -> String {
        let sorted = indices.sorted()
        switch sorted.count {
        case 1: return "counter \(sorted[0])"
        case 2: return "counters \(sorted[0]) and \(sorted[1])"
        default: return "counters 0–2"
        }
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
                    ? "the NFC counter (counter 2): not read, 0 here"
                    : "\(Self.counterNames(unreadCounters)): not read, 0 here"
            case .tearingFlags:
                unreadTearingFlags.count == 3
                    ? "the tearing flags: not read, BD (no tearing event) here"
                    : "the tearing flag\(unreadTearingFlags.count == 1 ? "" : "s") of \(Self.counterNames(unreadTearingFlags)): not read, BD (no tearing event) here"
            }
        }
    }
}
