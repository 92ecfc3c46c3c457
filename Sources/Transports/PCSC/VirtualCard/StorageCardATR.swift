/// The ATR a PC/SC Part 3 reader builds for a storage card (PC/SC Part 3 §3.1.3.2.3):
/// `3B 8F 80 01 80 4F 0C A0 00 00 03 06 SS NN NN 00 00 00 00 TCK`, with the standard `SS`
/// (``CardKind/iso14443AStandard`` `03`, ``CardKind/iso15693Standard`` `0B`), the card name
/// `NN NN`, and TCK the XOR of T0 … the last historical byte (ISO/IEC 7816-3 §8.2.5). What every
/// vpcd storage-card bridge announces its card with; pcsc-tools' `smartcard_list.txt` lists these.
enum StorageCardATR {
    static func make(standard: UInt8, cardName: UInt16) -> [UInt8] {
        let body: [UInt8] = [
            0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, standard,
            UInt8(cardName >> 8), UInt8(cardName & 0xFF), 0x00, 0x00, 0x00, 0x00,
        ]
        return [0x3B] + body + [body.reduce(0, ^)]
    }
}
