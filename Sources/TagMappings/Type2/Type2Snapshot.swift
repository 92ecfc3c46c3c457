import TLVArea
import TagCatalog

/// What a Type 2 tag's memory says, read as the NFC Forum mapping defines: UID and check bytes,
/// static and dynamic lock bits, the CC, the TLVs, the NDEF message, the NDEF status and the
/// largest message this tag can hold.
///
/// Built from the bytes read so far (a prefix of memory from page 0); facts that need memory not
/// yet read are `nil` or reported as ``/TLVArea/TLVProblem/notRead(upTo:)``.
public struct Type2Snapshot: Sendable, Equatable {
    /// Bytes from page 0, as read.
    public var memory: [UInt8]
    /// The chip, where known (GET_VERSION, or declared).
    public var model: TagModel?
    public var uid: TagUID?
    public var staticLock: StaticLockBytes?
    public var cc: CapabilityContainer?
    /// The TLV walk over the data area; `nil` when the tag is not NDEF-formatted.
    public var walk: TLVWalk?
    public var status: NDEFStatus
    /// The largest NDEF message this tag holds, derived from its own CC and TLVs (`reported`);
    /// 0 when not formatted.
    public var capacity: Capacity
    /// The dynamic lock bits in effect: the first Lock Control TLV's area, else the chip default.
    public var dynamicLockArea: ControlArea?
    /// The chip's own lock-bit layout, where the model is known and has dynamic lock bytes (the
    /// catalog's map): which bit locks which pages, block-locking bits included. On a known chip
    /// it decides ``isLocked(page:)`` and what a lock sets.
    public var chipLockMap: DynamicLockMap?

    /// Pages read apart from `memory` (a reader that reads only the NDEF range, then the dynamic
    /// lock page), by page number.
    public var separatePages: [Int: [UInt8]]
    /// The first page whose READ the tag refused (NAK) while its memory was read: a
    /// read-protected tag (ACCESS.PROT) refuses every page from AUTH0 on without the password.
    /// `memory` then ends before this page.
    public var readRefusedFromPage: Int?

    public init(
        memory: [UInt8], model: TagModel?, stopAfterNDEF: Bool = false, separatePages: [Int: [UInt8]] = [:],
        readRefusedFromPage: Int? = nil
    ) {
        self.memory = memory
        self.model = model
        self.separatePages = separatePages
        self.readRefusedFromPage = readRefusedFromPage
        uid = TagUID.fromMemory(memory)
        staticLock = StaticLockBytes.fromMemory(memory)
        cc = memory.count >= 16 ? CapabilityContainer(bytes: memory[12..<16]) : nil
        let chipLock = model.flatMap(DynamicLockLayout.chipDefault(for:))
        chipLockMap = model.flatMap(DynamicLockMap.of)
        guard let cc, cc.isNDEFFormatted, cc.isReadable else {
            walk = nil
            status = .notSupported
            capacity = Capacity(bytes: 0, source: .reported, model: model)
            dynamicLockArea = chipLock?.controlArea
            return
        }
        var end = Type2Page.dataAreaStart + cc.dataAreaBytes
        var area = DataArea(end: end)
        if let layout = model?.type2Layout {
            // A CC that claims more than the chip has cannot make the chip bigger.
            end = min(end, (layout.userPages.upperBound + 1) * Type2Page.size)
            area = DataArea(end: end)
            if let chipLock { area.skip(chipLock.controlArea.byteRange) }
        }
        let walk = TLVWalk.walk(memory: memory, area: area, controlTLVs: .honoured, stopAfterNDEF: stopAfterNDEF)
        self.walk = walk
        status = cc.isWritable ? .readWrite : .readOnly
        // On a known chip the silicon's own lock bytes are the truth (a Lock Control TLV copied
        // from another chip, as on an NTAG216 carrying an NTAG213 layout, would point at user
        // memory); on an unknown chip the TLV is all there is.
        dynamicLockArea = chipLock?.controlArea ?? walk.controlAreas.first(where: { $0.kind == .lock })
        let slot = walk.ndef?.typeAddress ?? walk.ndefSlot
        capacity = Capacity(
            bytes: slot.map { Self.maximumMessage(usableBytes: walk.area.usableCount(from: $0)) } ?? 0,
            source: .reported, model: model)
    }

    /// The largest message an NDEF TLV can hold in `usableBytes` (type byte included): a 1-byte
    /// length below 255, else a 3-byte length up to 0xFFFE (nfcpy `tt2.py` `get_capacity`).
    public static func maximumMessage(usableBytes: Int) -> Int {
        let short = min(usableBytes - 2, 254)
        let long = min(usableBytes - 4, 0xFFFE)
        return max(0, short, long)
    }

    /// The chip's password configuration (CFG0, CFG1), when the chip has one and both pages were
    /// read.
    public var accessConfiguration: AccessConfiguration? {
        guard let model, let scheme = PasswordScheme.of(model), let cfg0 = page(scheme.configPage),
            let cfg1 = page(scheme.accessPage)
        else { return nil }
        return AccessConfiguration(scheme: scheme, cfg0: cfg0, cfg1: cfg1)
    }

    /// The first page that needs the password to be written, as far as was measured: AUTH0 from
    /// the configuration pages, else the first page the tag refused to read (reads are refused
    /// exactly from AUTH0 on when PROT is set). `nil`: no protection seen.
    public var firstPasswordPage: Int? {
        if let configuration = accessConfiguration { return configuration.protectedPages?.lowerBound }
        return readRefusedFromPage
    }

    /// True when the tag refused to read part of its memory without the password.
    public var isReadProtected: Bool {
        readRefusedFromPage != nil
            || accessConfiguration?.protectsReads == true
                && accessConfiguration?.isProtected == true
    }

    /// The NDEF TLV, when the walk found one.
    public var ndef: NDEFLocation? { walk?.ndef }

    /// The dynamic lock bytes as stored, when they were read.
    public var dynamicLockBytes: [UInt8]? {
        guard let area = dynamicLockArea else { return nil }
        var bytes: [UInt8] = []
        for address in area.byteRange {
            guard let page = page(Type2Page.page(ofByte: address)) else { return nil }
            bytes.append(page[address % Type2Page.size])
        }
        return bytes
    }

    /// The 4 bytes of `page`, from `memory` or the separately read pages; `nil` when not read.
    public func page(_ page: Int) -> [UInt8]? {
        let range = Type2Page.byteRange(ofPage: page)
        if page >= 0, range.upperBound <= memory.count { return Array(memory[range]) }
        return separatePages[page]
    }

    /// The three dynamic lock bytes of the chip's lock page (the fourth is RFUI), when the chip
    /// has one and it was read.
    public var dynamicLockPageBytes: [UInt8]? {
        guard let lockPage = model?.type2Layout?.dynamicLockPage else { return nil }
        return page(lockPage).map { Array($0.prefix(3)) }
    }

    /// True when `page` is write-protected by a static or dynamic lock bit; `nil` when the
    /// dynamic lock bytes that govern it were not read. On a known chip the catalog's lock-bit map
    /// says which bit governs the page; on an unknown one, the Lock Control TLV (NFC Forum T2T
    /// §2.3.3: bit i locks the i-th run of bytes from the start of page 16).
    public func isLocked(page: Int) -> Bool? {
        if page < 3 { return true }
        if page <= 15 { return staticLock?.isLocked(page: page) }
        if let map = chipLockMap {
            guard let bit = map.lockBit(covering: page) else { return false }
            guard let bytes = self.page(map.page) else { return nil }
            return bytes[bit.position.byte] & bit.position.mask != 0
        }
        guard let area = dynamicLockArea, area.bytesLockedPerBit > 0 else { return false }
        let bit = (page * Type2Page.size - 64) / area.bytesLockedPerBit
        guard bit < area.lockBits else { return false }
        guard let bytes = dynamicLockBytes, bit / 8 < bytes.count else { return nil }
        return bytes[bit / 8] & (1 << UInt8(bit % 8)) != 0
    }

    /// The pages among `pages` that are locked (unknown counts as not locked).
    public func lockedPages(in pages: some Sequence<Int>) -> [Int] {
        pages.filter { isLocked(page: $0) == true }
    }
}
