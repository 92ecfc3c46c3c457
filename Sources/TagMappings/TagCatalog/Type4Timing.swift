/// Air-interface timing of ISO-DEP (ISO/IEC 14443-4) exchanges at 106 kbit/s: the modeled air time
/// of one command APDU and its response, so the emulator's command log and the workflows'
/// statistics state the same *modeled* figures ("modeled", never "measured").
///
/// Model: each APDU travels in I-blocks of PCB (1 byte) + information field + CRC_A (2 bytes), no
/// CID and no NAD (ISO/IEC 14443-4 §7.1; nfcpy `tt4.py` sends PCB 02/03 without CID). A block is
/// an ISO/IEC 14443-3 standard frame, timed like a Type 2 frame (``Type2Timing``: 9 bits per
/// byte — 8 data and a parity bit — one bit = 128/fc ≈ 9.44 µs, start and end of communication).
/// An APDU longer than one frame is chained: every further block costs an R(ACK) from the other
/// side (PCB + CRC, 3 bytes) and two frame delays. The tag's frame limit is its FSC from the ATS
/// (``Type4Facts/frameSize``); the reader's is ``readerFrameSize``.
///
/// Assumptions (sources silent, labelled so): the tag answers after the ISO/IEC 14443-3 minimum
/// frame delay (``Type2Timing/frameDelayMicroseconds``, ≈ 86 µs) — a real chip may take longer,
/// within its FWT; EEPROM programming costs ``blockProgrammingMicroseconds`` per started
/// ``programmingBlockBytes``-byte block written. The NTAG 424 DNA datasheet figures for
/// programming time are not in shared/reference/type4-type5-ntag424.md, so both are UNVERIFIED.
public enum Type4Timing {
    /// Bytes an I-block adds around its information field: PCB (1) and CRC_A (2).
    public static let blockOverheadBytes = 3
    /// The reader's frame size FSD: 256 bytes, as nfcpy's RATS `E0 80` announces (FSDI 8,
    /// shared/reference/type4-type5-ntag424.md §1.1).
    public static let readerFrameSize = 256
    /// The delay from a frame's last bit to the answer's first (ISO/IEC 14443-3 FDT, n = 9).
    public static var frameDelayMicroseconds: Double { Type2Timing.frameDelayMicroseconds }
    /// An R(ACK) block during chaining: PCB + CRC.
    public static var acknowledgeFrameMicroseconds: Double {
        Type2Timing.tagFrameMicroseconds(bytesWithCRC: 3)
    }
    /// The EEPROM block size the programming time is counted in. UNVERIFIED assumption.
    public static let programmingBlockBytes = 32
    /// Programming time per started block: the NTAG203 page figure (4110 µs, ``Type2Timing``)
    /// reused as an assumption. UNVERIFIED: not from the NTAG 424 DNA datasheet.
    public static let blockProgrammingMicroseconds: Double = Type2Timing.pageProgrammingMicroseconds

    /// The number of I-blocks `bytes` bytes of APDU need in frames of `frameSize` bytes.
    public static func blocks(apduBytes bytes: Int, frameSize: Int) -> Int {
        let room = max(1, frameSize - blockOverheadBytes)
        return max(1, (max(0, bytes) + room - 1) / room)
    }

    /// The time to send `bytes` bytes of APDU in one direction, chained in frames of `frameSize`.
    static func transferMicroseconds(apduBytes bytes: Int, frameSize: Int, fromReader: Bool) -> Double {
        let count = blocks(apduBytes: bytes, frameSize: frameSize)
        let room = max(1, frameSize - blockOverheadBytes)
        var total = 0.0
        var left = max(0, bytes)
        for index in 0..<count {
            let payload = min(left, room)
            left -= payload
            let frame = payload + blockOverheadBytes
            total +=
                fromReader
                ? Type2Timing.readerFrameMicroseconds(bytesWithCRC: frame)
                : Type2Timing.tagFrameMicroseconds(bytesWithCRC: frame)
            if index < count - 1 {
                // The receiver's R(ACK) for the chained block, and a frame delay on each side.
                total += acknowledgeFrameMicroseconds + 2 * frameDelayMicroseconds
            }
        }
        return total
    }

    /// The EEPROM programming time of a command that wrote `bytes` bytes.
    public static func programmingMicroseconds(bytesWritten bytes: Int) -> Double {
        guard bytes > 0 else { return 0 }
        let blocks = (bytes + programmingBlockBytes - 1) / programmingBlockBytes
        return Double(blocks) * blockProgrammingMicroseconds
    }

    /// The modeled time of one exchange: the command APDU (chained in the tag's frames of
    /// `tagFrameSize`), the frame delay, programming of `bytesWritten` bytes, and the response APDU
    /// (data + SW, chained in the reader's frames of ``readerFrameSize``). `00 B0 00 00 02` →
    /// `00 0F 90 00`: 8-byte and 7-byte frames → 708 µs + 86 µs + 614 µs ≈ 1.41 ms.
    public static func exchangeMicroseconds(
        commandBytes: Int, responseBytes: Int, bytesWritten: Int, tagFrameSize: Int
    ) -> Double {
        transferMicroseconds(apduBytes: commandBytes, frameSize: tagFrameSize, fromReader: true)
            + frameDelayMicroseconds + programmingMicroseconds(bytesWritten: bytesWritten)
            + transferMicroseconds(apduBytes: responseBytes, frameSize: readerFrameSize, fromReader: false)
    }

    /// A command that got no answer: the command APDU, then the reader's wait. The wait is the
    /// tag's frame waiting time FWT = 256·16/fc · 2^FWI (ISO/IEC 14443-4 §7.2), FWI 7 on
    /// NTAG 424 DNA (ATS `06 77 77 71 02 80`) → 38.7 ms.
    public static func unansweredMicroseconds(commandBytes: Int, tagFrameSize: Int, frameWaitingIndex: Int)
        -> Double
    {
        transferMicroseconds(apduBytes: commandBytes, frameSize: tagFrameSize, fromReader: true)
            + frameWaitingMicroseconds(frameWaitingIndex: frameWaitingIndex)
    }

    /// FWT for FWI 0…14 (values above 14 are RFU and count as 4, the default).
    public static func frameWaitingMicroseconds(frameWaitingIndex fwi: Int) -> Double {
        let index = (0...14).contains(fwi) ? fwi : 4
        return 4096 / Type2Timing.carrierHertz * 1_000_000 * Double(1 << index)
    }
}
