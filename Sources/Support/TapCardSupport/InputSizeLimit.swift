/// The largest file TapCard reads whole as a tag: a virtual tag file, another tool's dump
/// (`--tag`, `sim import`, `sim export`), a memory image, and `decode --file`'s message. A larger
/// file is refused from its size (`fstat`) before it is read, and no read takes more than one byte
/// past it, so a huge or endless file costs neither minutes nor memory. Standard input and pipes
/// have no size: they are not files read here.
///
/// The largest legitimate input measured: a MIFARE DESFire EV2 (8 KB, the largest card TapCard
/// emulates) formatted with one 7,680-byte NDEF file (all its free memory) holding a 7,670-byte
/// message, in TapCard's Type 4 text format: 31,200 bytes; as a Flipper Zero `Mifare DESFire`
/// file, 24,598. A Proxmark3 `hf mf dump` JSON of a MIFARE Classic 4K in the client's layout,
/// access-condition texts included (the 1K fixture `bambu-2D96E03B-mfc1k.json`'s blocks and
/// sectors repeated to 256 and 40), is 25,290. 1 MiB is 33 times the largest.
public enum InputSizeLimit {
    /// 1 MiB (1,048,576 bytes).
    public static let bytes = 1 << 20
}
