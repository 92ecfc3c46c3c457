import TagCatalog
import Testing

/// The timing model reproduces the datasheet's own frame figures.
@Suite struct Type2TimingTests {
    @Test func frameTimesMatchTheDatasheetFigures() {
        // NTAG213F/216F datasheet §10: READ 368 µs → 1548 µs; GET_VERSION 283 µs → 868 µs;
        // READ_CNT → 444 µs; READ_SIG → 2907 µs; NAK 57 µs (figures rounded to 1 µs).
        #expect(Type2Timing.readerFrameMicroseconds(bytesWithCRC: 4).rounded() == 368)
        #expect(Type2Timing.tagFrameMicroseconds(bytesWithCRC: 18).rounded() == 1548)
        #expect(Type2Timing.readerFrameMicroseconds(bytesWithCRC: 3).rounded() == 283)
        #expect(Type2Timing.tagFrameMicroseconds(bytesWithCRC: 10).rounded() == 868)
        #expect(Type2Timing.tagFrameMicroseconds(bytesWithCRC: 5).rounded() == 444)
        #expect(Type2Timing.tagFrameMicroseconds(bytesWithCRC: 34).rounded() == 2907)
        #expect(Type2Timing.ackFrameMicroseconds.rounded() == 57)
        // "approximately 87 µs" for n = 9.
        #expect(Type2Timing.frameDelayMicroseconds.rounded() == 86)
    }

    @Test func exchangesAddFrameDelayOrProgrammingTime() {
        let read = Type2Timing.exchangeMicroseconds(commandBytes: 2, responseBytes: 16, programsPage: false)
        #expect(abs(read - (368.1 + 86.4 + 1548.1)) < 0.5)
        let write = Type2Timing.exchangeMicroseconds(commandBytes: 6, responseBytes: nil, programsPage: true)
        #expect(abs(write - (708.0 + 4110 + 56.6)) < 0.5)
        let lost = Type2Timing.unansweredMicroseconds(commandBytes: 6, programsPage: true)
        #expect(abs(lost - (708.0 + 10_000)) < 0.5)
    }
}
