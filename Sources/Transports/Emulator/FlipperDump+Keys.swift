import TagCatalog

extension FlipperDump {
    /// The key pages of the chip: an Ultralight C's 3DES key (pages 44–47), an Ultralight AES's
    /// data-protection and UID-retrieval keys (pages 48–51 and 52–55); none on another chip. No
    /// reader reads them back, so a Flipper's file has zeros there, or stops before them
    /// (`Pages read` smaller than `Pages total`).
    public var keyPages: [(name: String, pages: ClosedRange<Int>)] {
        switch model {
        case .ultralightC: [("the 3DES key", UltralightCFacts.keyPages)]
        case .ultralightAES:
            [
                ("the data-protection key (AES key 00h)", UltralightAESFacts.dataProtKeyPages),
                ("the UID-retrieval key (AES key 01h)", UltralightAESFacts.uidRetrKeyPages),
            ]
        default: []
        }
    }

    /// What the dump does not hold, one sentence each: the header's signature, counters and
    /// tearing flags (``headerGaps``), a key whose pages were not read or hold zeros (the
    /// firmware's mark for a page it could not read), and other pages past `Pages read`. A key the
    /// file gives as other bytes is taken as known (a firmware that authenticated records it).
    public var unknowns: [String] { unknowns(zeroKeysUnknown: true) }

    /// ``unknowns``; with `zeroKeysUnknown` false a key of zeros is taken as the key (TapCard's
    /// own virtual tag: an Ultralight AES ships with zero keys).
    public func unknowns(zeroKeysUnknown: Bool) -> [String] {
        var notes = headerGaps
        var keyPageNumbers = Set<Int>()
        for key in keyPages where key.pages.upperBound < pages.count {
            keyPageNumbers.formUnion(key.pages)
            let bytes = key.pages.flatMap { pages[$0] }
            let place = "pages \(key.pages.lowerBound)–\(key.pages.upperBound)"
            let zeros = bytes.allSatisfy { $0 == 0 }
            if key.pages.upperBound >= pagesRead {
                notes.append(
                    "\(key.name) (\(place)): not read (the file says \(pagesRead) of \(pages.count) pages were read), \(zeros ? "zeros" : "the file's bytes") here"
                )
            } else if zeros, zeroKeysUnknown {
                notes.append(
                    "\(key.name) (\(place)): zeros, which a Flipper writes for pages no reader can read back: unknown, zeros here"
                )
            }
        }
        let otherUnread = (pagesRead..<max(pagesRead, pages.count)).filter { !keyPageNumbers.contains($0) }
        if let first = otherUnread.first, let last = otherUnread.last {
            notes.append(
                "\(otherUnread.count == 1 ? "page \(first)" : "\(otherUnread.count) pages from \(first) to \(last)"): not read (the file says \(pagesRead) of \(pages.count)), the file's bytes here"
            )
        }
        return notes
    }
}
