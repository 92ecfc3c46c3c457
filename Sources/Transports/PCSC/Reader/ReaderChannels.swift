import TagFrames

/// Which channels a PC/SC reader carries, as far as PC/SC lets anyone tell.
///
/// Every PC/SC contactless reader passes ISO-DEP APDUs to an ISO 14443-4 card as they are, and a
/// PC/SC Part 3 reader answers storage-card READ/UPDATE BINARY for a Type 2 tag. Raw NFC-A frames
/// (GET_VERSION, FAST_READ, PWD_AUTH) need a vendor pass-through: the ACR122U-class
/// `FF 00 00 00 … D4 42` (PN53x InCommunicateThru), which ``probe(_:)`` detects by the reader's
/// answer to its firmware query `FF 00 48 00 00` while a card is connected.
///
/// A reader shows it reaches ISO 15693 tags only when one is present: its ATR then carries the
/// PC/SC Part 3 standard byte `0B` (``CardKind/isISO15693``), and READ/UPDATE BINARY reach the
/// tag's blocks (``PCSCISO15693Channel``); GET SYSTEM INFO, LOCK BLOCK and custom commands do
/// not cross. A FeliCa card (standard byte `11`) is recognised but nothing crosses: its commands
/// need vendor pass-throughs TapCard does not send. ``notCarried`` says so in words.
public struct ReaderChannels: Sendable, Equatable {
    /// The technologies TapCard can use through this reader.
    public var technologies: [AirTechnology]
    /// Raw NFC-A frames through the pass-through: `nil` when it could not be asked (no card).
    public var rawNFCAFrames: Bool?
    /// The reader's firmware name, when it answered the query.
    public var firmware: String?

    /// What cannot cross this reader for the card present, one sentence each (empty: nothing to say).
    public var notCarried: [String]

    public init(technologies: [AirTechnology], rawNFCAFrames: Bool?, firmware: String?, notCarried: [String] = []) {
        self.technologies = technologies
        self.rawNFCAFrames = rawNFCAFrames
        self.firmware = firmware
        self.notCarried = notCarried
    }

    /// These channels, told what the present card's ATR says: an ISO 15693 card adds the
    /// ISO 15693 channel and the commands that stay behind; a FeliCa card adds only the sentence
    /// that FeliCa cannot cross, with the standard byte seen.
    public func with(card kind: CardKind) -> ReaderChannels {
        var channels = self
        guard case .storageCard(let standard, _) = kind else { return channels }
        let byte = "0x" + String(standard, radix: 16, uppercase: true).leftPadded(to: 2)
        if kind.isISO15693 {
            if !channels.technologies.contains(.iso15693) { channels.technologies.append(.iso15693) }
            channels.notCarried.append(
                "ISO 15693 GET SYSTEM INFO, LOCK BLOCK, the block security status and custom commands cannot cross "
                    + "this reader's PC/SC Part 3 storage-card interface (ATR standard byte \(byte)): only READ and WRITE SINGLE BLOCK do"
            )
        } else if kind.isFeliCa {
            channels.notCarried.append(
                "FeliCa cannot cross this reader's PC/SC interface (ATR standard byte \(byte)): TapCard sends no FeliCa pass-through"
            )
        }
        return channels
    }

    /// What every PC/SC reader carries, before a card says more.
    public static let unprobed = ReaderChannels(technologies: [.isoDep, .nfcA], rawNFCAFrames: nil, firmware: nil)

    /// Asks the reader of `card` for its firmware (the pass-through's tell-tale) and reads what the
    /// card's ATR says (``with(card:)``); leaves the card as it is.
    public static func probe(_ card: PCSCCard) -> ReaderChannels {
        probeFirmware(card).with(card: CardKind(atr: card.atr))
    }

    private static func probeFirmware(_ card: PCSCCard) -> ReaderChannels {
        var channels = unprobed
        guard let answer = try? card.transmit([0xFF, 0x00, 0x48, 0x00, 0x00]), answer.count >= 2 else {
            return channels
        }
        let ok = answer.suffix(2) == [0x90, 0x00]
        // ACR122U readers answer the firmware name without a status word; the vpcd bridge with one.
        let text = ok ? answer.dropLast(2) : answer[...]
        let printable = text.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        channels.rawNFCAFrames = ok || (printable && !text.isEmpty)
        if channels.rawNFCAFrames == true, printable, !text.isEmpty {
            channels.firmware = String(decoding: text, as: UTF8.self)
        }
        return channels
    }

    /// "ISO-DEP (APDUs as they are), NFC-A (storage-card READ/WRITE; raw frames through the pass-through)".
    public var phrase: String {
        technologies.map { technology in
            switch technology {
            case .isoDep: "ISO-DEP (APDUs as they are)"
            case .nfcA:
                switch rawNFCAFrames {
                case true?: "NFC-A (storage-card READ/WRITE, raw frames through the pass-through)"
                case false?: "NFC-A (storage-card READ/WRITE only: no pass-through for raw frames)"
                case nil: "NFC-A (storage-card READ/WRITE; raw frames unknown until a tag is present)"
                }
            case .iso15693: "ISO 15693 (READ/WRITE SINGLE BLOCK through storage-card READ/UPDATE BINARY)"
            case .felica: "FeliCa"
            }
        }.joined(separator: ", ")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
