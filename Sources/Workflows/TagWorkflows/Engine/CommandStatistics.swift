import TagCatalog
import TagFrames

/// How many commands a workflow sent and their modeled air time (datasheet timing at
/// 106 kbit/s: modeled, never measured; a reader or phone adds its own latency).
public struct CommandStatistics: Sendable, Equatable {
    public var commands = 0
    public var modeledMicroseconds = 0.0
    /// Pages (Type 5: blocks) written and acknowledged, in order (one may appear twice: clear, then
    /// commit).
    public var pagesWritten: [Int] = []
    /// Bytes written and acknowledged by file-based tags (Type 4 UPDATE BINARY data).
    public var unitsWritten = 0

    public init() {}

    mutating func record(command: [UInt8], responseBytes: Int, answered: Bool) {
        commands += 1
        let programsPage = command.first == 0xA2
        modeledMicroseconds +=
            answered
            ? Type2Timing.exchangeMicroseconds(
                commandBytes: command.count, responseBytes: responseBytes <= 1 ? nil : responseBytes,
                programsPage: programsPage)
            : Type2Timing.unansweredMicroseconds(commandBytes: command.count, programsPage: programsPage)
    }

    /// One ISO-DEP exchange: the APDU, the response APDU's size (data + SW) when it came, and the
    /// tag's frame size and FWI (from its model's ATS; the carrier hides the real one).
    mutating func record(
        apdu: CommandAPDU, responseBytes: Int, answered: Bool, tagFrameSize: Int, frameWaitingIndex: Int
    ) {
        commands += 1
        let programs = apdu.ins == 0xD6 || apdu.ins == 0xD7 || (apdu.cla == 0x90 && apdu.ins == 0x8D)
        let sent = apdu.bytes.count
        modeledMicroseconds +=
            answered
            ? Type4Timing.exchangeMicroseconds(
                commandBytes: sent, responseBytes: responseBytes, bytesWritten: programs ? apdu.data.count : 0,
                tagFrameSize: tagFrameSize)
            : Type4Timing.unansweredMicroseconds(
                commandBytes: sent, tagFrameSize: tagFrameSize, frameWaitingIndex: frameWaitingIndex)
    }

    /// One ISO/IEC 15693 exchange (``/TagCatalog/Type5Timing``): the request frame's bytes before
    /// its CRC (flags, command, [IC manufacturer code], [UID], parameters), the response's (flags
    /// and payload) when it came, and the blocks the tag programmed (a WRITE or LOCK BLOCK it
    /// acknowledged; 0 when it refused or did not answer, since nobody knows). `facts` gives the
    /// programming time (the model's, else an assumed chip's).
    mutating func record(
        iso15693RequestBytes requestBytes: Int, responseBytes: Int?, blocksProgrammed: Int, facts: Type5Facts
    ) {
        commands += 1
        let time =
            if let responseBytes {
                Type5Timing.exchangeMicroseconds(
                    requestBytes: requestBytes, responseBytes: responseBytes, blocksProgrammed: blocksProgrammed,
                    facts: facts)
            } else {
                Type5Timing.unansweredMicroseconds(requestBytes: requestBytes, blocksProgrammed: 0, facts: facts)
            }
        modeledMicroseconds += time
    }

    /// Distinct pages written, ascending.
    public var distinctPagesWritten: [Int] { Array(Set(pagesWritten)).sorted() }

    /// Modeled air time in milliseconds, rounded to 0.1 ms.
    public var modeledMilliseconds: Double { (modeledMicroseconds / 100).rounded() / 10 }
}
