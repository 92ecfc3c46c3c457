import TagCatalog

/// The contents of a Flipper Zero `.nfc` file for an NTAG/Ultralight tag: the header the Flipper
/// recorded (UID, ATQA, SAK, signature, GET_VERSION answer, counters) and the pages it read.
///
/// The header UID and the UID in pages 0–1 can differ (edited dumps do this); ``memory`` is what
/// the tag holds, the header is what the Flipper says it saw.
public struct FlipperDump: Sendable, Equatable {
    /// The file format version (2 and 3 name the chip in `Device type`; 4 says
    /// `NTAG/Ultralight` and names the chip in `NTAG/Ultralight type`).
    public var formatVersion: Int
    /// The chip name as the file spells it ("NTAG216", "Mifare Ultralight 11", …).
    public var chipName: String
    /// The chip, from its name or, for the catch-all "Mifare Ultralight", its GET_VERSION bytes
    /// and page count; `nil` when neither identifies a model TapCard knows.
    public var model: TagModel?
    public var uid: [UInt8]
    /// ATQA most significant byte first (`00 44`); version 2 files store it the other way round.
    public var atqa: [UInt8]
    public var sak: UInt8
    /// The 32-byte READ_SIG answer, when recorded; `nil` when the dump does not hold it (absent,
    /// or the all-zero bytes Flipper and Proxmark3 write for a signature they did not read).
    public var signature: [UInt8]?
    /// The 8-byte GET_VERSION answer, when recorded (all zeros when the chip has none).
    public var getVersion: [UInt8]?
    /// Counters 0–2 (NTAG21x keep their NFC counter in counter 2, its READ_CNT address).
    public var counters: [UInt32]
    /// Tearing flags 0–2.
    public var tearingFlags: [UInt8]
    /// The counters (0–2, as ``counters`` numbers them) the dump does not hold (their fields
    /// absent): their zeros in ``counters`` are placeholders, not values read. The others are
    /// the dump's.
    public var unreadCounters: Set<Int> = []
    /// The tearing flags (0–2) the dump does not hold: their bytes in ``tearingFlags`` are
    /// placeholders.
    public var unreadTearingFlags: Set<Int> = []
    /// False when the dump lacks any counter (``unreadCounters``); setting it marks all three.
    public var countersRead: Bool {
        get { unreadCounters.isEmpty }
        set { unreadCounters = newValue ? [] : [0, 1, 2] }
    }
    /// False when the dump lacks any tearing flag (``unreadTearingFlags``); setting it marks all
    /// three.
    public var tearingFlagsRead: Bool {
        get { unreadTearingFlags.isEmpty }
        set { unreadTearingFlags = newValue ? [] : [0, 1, 2] }
    }
    /// How many pages the Flipper managed to read (the rest are zeros).
    public var pagesRead: Int
    /// Every page, 4 bytes each, page 0 first.
    public var pages: [[UInt8]]
    public var failedAuthenticationAttempts: Int

    public init(
        formatVersion: Int = 4, chipName: String, model: TagModel?, uid: [UInt8], atqa: [UInt8] = [0x00, 0x44],
        sak: UInt8 = 0x00, signature: [UInt8]?, getVersion: [UInt8]?, counters: [UInt32] = [0, 0, 0],
        tearingFlags: [UInt8] = [0, 0, 0], pagesRead: Int? = nil, pages: [[UInt8]],
        failedAuthenticationAttempts: Int = 0
    ) {
        self.formatVersion = formatVersion
        self.chipName = chipName
        self.model = model
        self.uid = uid
        self.atqa = atqa
        self.sak = sak
        self.signature = signature
        self.getVersion = getVersion
        self.counters = counters
        self.tearingFlags = tearingFlags
        self.pagesRead = pagesRead ?? pages.count
        self.pages = pages
        self.failedAuthenticationAttempts = failedAuthenticationAttempts
    }

    /// All pages as one byte string.
    public var memory: [UInt8] { pages.flatMap { $0 } }
}
