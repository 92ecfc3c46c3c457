import TagCatalog

/// Reading and writing pages under the chip's rules: roll-over, password protection, static and
/// dynamic lock bits, one-time-programmable pages, the configuration lock.
extension EmulatedTag {
    // MARK: Configuration bytes

    /// The chip's password facts (TagCatalog), or `nil` on chips without a password. The
    /// emulator reads the bits itself: it shares the datasheet's facts with the reader side,
    /// never its interpretation, so the two can still catch each other.
    private var scheme: PasswordScheme? { PasswordScheme.of(model) }

    private var accessByte: UInt8 {
        guard let scheme else { return 0 }
        return memory[scheme.accessPage * 4]
    }

    /// AUTH0: the first page protected by the password (FFh on delivery: none).
    var firstProtectedPage: Int {
        if profile.family == .ultralightC { return Int(memory[UltralightCFacts.auth0Page * 4]) }
        if profile.family == .ultralightAES {
            return Int(memory[UltralightAESFacts.configurationPage * 4 + UltralightAESFacts.auth0Byte])
        }
        guard let scheme else { return Int.max }
        return Int(memory[scheme.configPage * 4 + PasswordScheme.auth0Byte])
    }

    /// ACCESS.PROT: the password also protects reads.
    /// ACCESS.PROT, or on Ultralight C AUTH1 bit 0 clear: the protection covers reads too.
    private var protectsReads: Bool {
        if profile.family == .ultralightC {
            return memory[UltralightCFacts.auth1Page * 4] & UltralightCFacts.writeOnlyBit == 0
        }
        if profile.family == .ultralightAES {
            return memory[UltralightAESFacts.accessPage * 4] & UltralightAESFacts.protectReadsBit != 0
        }
        return accessByte & PasswordScheme.protectReadsBit != 0
    }
    private var configurationLocked: Bool {
        if profile.family == .ultralightAES {
            return memory[UltralightAESFacts.accessPage * 4] & UltralightAESFacts.configurationLockBit != 0
        }
        return accessByte & PasswordScheme.configurationLockBit != 0
    }
    private var counterEnabled: Bool { accessByte & PasswordScheme.counterEnableBit != 0 }
    private var counterNeedsPassword: Bool { accessByte & PasswordScheme.counterPasswordBit != 0 }

    /// How many wrong passwords the chip accepts before it refuses PWD_AUTH for good, or `nil`
    /// when AUTHLIM is 0 (no limit). NTAG21x count AUTHLIM attempts; Ultralight EV1 2^AUTHLIM.
    var authenticationLimit: Int? {
        let authlim = Int(accessByte & PasswordScheme.authlimMask)
        guard authlim != 0 else { return nil }
        return profile.family == .ultralightEV1 ? 1 << authlim : authlim
    }

    private func isReadable(_ page: Int) -> Bool {
        isAuthenticated || !protectsReads || page < firstProtectedPage
    }

    /// What a page reads as: PWD and PACK always read as zeros, and so do an Ultralight AES's key
    /// pages 30h–37h (assuming, as the Ultralight C's can never be read).
    private func pageAsRead(_ page: Int) -> [UInt8] {
        if page == profile.passwordPage || page == profile.packPage { return [0, 0, 0, 0] }
        if profile.family == .ultralightAES,
            (UltralightAESFacts.dataProtKeyPages.lowerBound...UltralightAESFacts.uidRetrKeyPages.upperBound)
                .contains(page)
        {
            return [0, 0, 0, 0]
        }
        return Array(memory[page * 4..<page * 4 + 4])
    }

    // MARK: READ, FAST_READ

    /// READ of 4 pages from `page`. It rolls over to page 0 after the last page and, on a
    /// read-protected chip before PWD_AUTH, at AUTH0: the pages past it are replaced by pages
    /// 0, 1, … (NTAG213/215/216 datasheet §10.2 names "special conditions" when part of the
    /// pages is password protected; the wrap at AUTH0 is what Flipper Zero users observe,
    /// flipperdevices/flipperzero-firmware#3945).
    ///
    /// Ultralight C: READ addresses 00h–2Bh only and rolls over after 2Bh, so its key pages are
    /// never returned (MF0ICU2 §9.2); read-protected, it NAKs from AUTH0 and rolls over before it.
    func read(from page: Int) -> Answer {
        let readable = profile.family == .ultralightC ? UltralightCFacts.lastReadablePage : profile.lastPage
        guard page <= readable else { return .nak(0x0) }
        guard isReadable(page) else { return .nak(0x0) }
        countRead()
        let total = readable + 1
        let end = isAuthenticated || !protectsReads ? total : min(total, firstProtectedPage)
        return .data((0..<4).flatMap { pageAsRead((page + $0) % end) })
    }

    /// FAST_READ of `start`…`end`: refused (NAK 0h) when any page of the range needs the
    /// password for reading and none was presented, as it is for an address beyond the chip.
    func fastRead(from start: Int, to end: Int) -> Answer {
        guard start <= end, end <= profile.lastPage else { return .nak(0x0) }
        guard (start...end).allSatisfy(isReadable) else { return .nak(0x0) }
        countRead()
        return .data((start...end).flatMap { pageAsRead($0) })
    }

    /// NTAG21x: the NFC counter counts the first READ or FAST_READ of a session when enabled.
    private func countRead() {
        guard profile.family == .ntag21x, counterEnabled, !countedReadThisSessionFlag else { return }
        countedReadThisSessionFlag = true
        if counters[0] < 0xFF_FFFF { counters[0] += 1 }
    }

    // MARK: WRITE, COMP_WRITE

    /// The NAK code a write to `page` earns before any data is looked at, or `nil` if allowed.
    func writeRefusal(_ page: Int) -> UInt8? {
        guard page >= 2, page <= profile.lastPage else { return 0x0 }
        if !isAuthenticated && page >= firstProtectedPage { return 0x0 }
        let lock0 = memory[10]
        let lock1 = memory[11]
        switch page {
        case 2:
            return nil
        case 3:
            return lock0 & 0x08 != 0 ? 0x0 : nil
        case 4...7:
            return lock0 & (1 << UInt8(page)) != 0 ? 0x0 : nil
        case 8...15:
            return lock1 & (1 << UInt8(page - 8)) != 0 ? 0x0 : nil
        default:
            break
        }
        if let lock = profile.dynamicLock {
            if page == lock.page { return nil }
            let base = lock.page * 4
            if lock.lockBits.contains(where: {
                $0.pages.contains(page) && memory[base + $0.position.byte] & $0.position.mask != 0
            }) {
                return 0x0
            }
        }
        if let config = profile.configPage, page == config || page == config + 1, configurationLocked {
            return 0x0
        }
        if profile.family == .ultralightAES, configurationLocked,
            page == UltralightAESFacts.configurationPage || page == UltralightAESFacts.accessPage
        {
            return 0x0
        }
        return nil
    }

    func writePage(_ page: Int, data: [UInt8]) -> Answer {
        if profile.family == .ultralightAES, let refusal = aesWriteRefusal(page) { return refusal }
        if let nak = writeRefusal(page) { return .nak(nak) }
        if let code = writeFailureCodeValue { return .nak(code) }
        if profile.family == .ultralightAES, UltralightAESFacts.dataProtKeyPages.contains(page), keyInEffect == nil {
            keyInEffect = storedBytes(UltralightAESFacts.dataProtKeyPages)
        }
        if profile.family == .ultralightC, UltralightCFacts.keyPages.contains(page), keyInEffect == nil {
            keyInEffect = storedKey
        }
        let old = Array(memory[page * 4..<page * 4 + 4])
        var new = data
        switch page {
        case 2:
            // Bytes 0–1 (BCC1, internal) are read-only and ignored; the lock bytes are OR'ed,
            // except bits frozen by their block-locking bit.
            let lock0 = old[2]
            var settable0: UInt8 = 0x07  // block-locking bits themselves
            if lock0 & 0x01 == 0 { settable0 |= 0x08 }  // BL-CC frees L-CC
            if lock0 & 0x02 == 0 { settable0 |= 0xF0 }  // BL9-4 frees L4–L7
            var settable1: UInt8 = 0
            if lock0 & 0x02 == 0 { settable1 |= 0x03 }  // … and L8–L9
            if lock0 & 0x04 == 0 { settable1 |= 0xFC }  // BL15-10 frees L10–L15
            new = [old[0], old[1], old[2] | (data[2] & settable0), old[3] | (data[3] & settable1)]
        case 3:
            // The CC is one-time programmable: bits can be set, never cleared.
            new = zip(old, data).map { $0 | $1 }
        case Self.ntag203CounterPage where profile.family == .ntag203 || profile.family == .ultralightC:
            guard let counter = ntag203CounterWrite(old: old, data: data) else { return .nak(0x0) }
            new = counter
        default:
            if let lock = profile.dynamicLock, page == lock.page {
                new = dynamicLockWrite(old: old, data: data, lock: lock)
            }
        }
        program(page: page, old: old, new: new)
        return .ack
    }

    static let ntag203CounterPage = 41

    /// NTAG203 datasheet §8.6: a 16-bit one-way counter in bytes 0–1 of page 41 (assumed least
    /// significant byte first). While it is 0, any first value is taken; after that a WRITE adds
    /// its value, which must be 0–Fh, and the sum must stay within FFFFh, else NAK. (The chip
    /// applies the addition after the next RF reset; the emulator applies it at once.)
    private func ntag203CounterWrite(old: [UInt8], data: [UInt8]) -> [UInt8]? {
        let current = Int(old[0]) | Int(old[1]) << 8
        let value = Int(data[0]) | Int(data[1]) << 8
        let result: Int
        if current == 0 {
            result = value
        } else {
            guard value <= 0x0F, current + value <= 0xFFFF else { return nil }
            result = current + value
        }
        return [UInt8(result & 0xFF), UInt8(result >> 8), old[2], old[3]]
    }

    private func dynamicLockWrite(old: [UInt8], data: [UInt8], lock: DynamicLockMap) -> [UInt8] {
        var new = old
        for (index, lockBit) in lock.lockBits.enumerated() {
            let frozen = lock.blockBits.contains { block in
                old[block.position.byte] & block.position.mask != 0 && block.freezes.contains(index)
            }
            let position = lockBit.position
            if !frozen && data[position.byte] & position.mask != 0 { new[position.byte] |= position.mask }
        }
        for block in lock.blockBits where data[block.position.byte] & block.position.mask != 0 {
            new[block.position.byte] |= block.position.mask
        }
        // RFU bits (byte 3 on NTAG21x) keep their value.
        return new
    }

    /// Programs one page's EEPROM, or leaves it corrupted when this command is being torn.
    private func program(page: Int, old: [UInt8], new: [UInt8]) {
        var stored = new
        if corruptProgrammingFlag {
            if profile.isTearingProtected(page) {
                stored = old
            } else {
                stored = [
                    new[0], new[1], Self.garbage(old: old[2], new: new[2]), Self.garbage(old: old[3], new: new[3]),
                ]
            }
        }
        memory.replaceSubrange(page * 4..<page * 4 + 4, with: stored)
        if stored != old || !corruptProgrammingFlag { recordProgrammed(page) }
    }

    /// A byte that is neither what the page held nor what was being written.
    static func garbage(old: UInt8, new: UInt8) -> UInt8 {
        let candidate = new ^ 0x5A
        return candidate == old ? new ^ 0xA5 : candidate
    }

    // MARK: Counters, password

    func readCounter(_ counter: Int) -> Answer {
        switch profile.family {
        case .ntag21x:
            guard counter == 2 else { return .nak(0x0) }
            if counterNeedsPassword && !isAuthenticated { return .nak(0x0) }
            return .data(Self.littleEndian24(counters[0]))
        case .ultralightEV1:
            guard counter < counters.count else { return .nak(0x0) }
            return .data(Self.littleEndian24(counters[counter]))
        case .ultralight, .ntag203, .ultralightC, .ultralightAES:
            return .noAnswer
        }
    }

    func incrementCounter(_ counter: Int, by amount: UInt32) -> Answer {
        guard counter < counters.count else { return .nak(0x0) }
        if let code = writeFailureCodeValue { return .nak(code) }
        // Assumed: an increment past FFFFFFh is refused as an invalid argument.
        guard counters[counter] + amount <= 0xFF_FFFF else { return .nak(0x0) }
        counters[counter] += amount
        return .ack
    }

    func authenticate(password: [UInt8]) -> Answer {
        guard let pwdPage = profile.passwordPage, let packPage = profile.packPage else { return .nak(0x0) }
        if let limit = authenticationLimit, failedAuthentications >= limit {
            return .nak(0x4)
        }
        guard Array(memory[pwdPage * 4..<pwdPage * 4 + 4]) == password else {
            if authenticationLimit != nil { failedAuthentications += 1 }
            return .nak(0x0)
        }
        failedAuthentications = 0
        isAuthenticated = true
        return .data(Array(memory[packPage * 4..<packPage * 4 + 2]))
    }

    static func littleEndian24(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
}
