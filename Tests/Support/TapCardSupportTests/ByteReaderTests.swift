import TapCardSupport
import Testing

@Suite("ByteReader")
struct ByteReaderTests {
    @Test("Reads big-endian integers and tracks the offset")
    func integers() {
        var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07])
        let byte = reader.readByte()
        let word = reader.readUInt16BE()
        let long = reader.readUInt32BE()
        #expect(byte == 0x01 && word == 0x0203 && long == 0x0405_0607)
        #expect(reader.offset == 7)
        #expect(reader.isAtEnd)
        let past = reader.readByte()
        #expect(past == nil)
    }

    @Test("A read past the end returns nil and consumes nothing, whatever the count claims")
    func boundedReads() {
        var reader = ByteReader([0xAA, 0xBB])
        let huge = reader.read(count: Int(UInt32.max))
        let negative = reader.read(count: -1)
        let long = reader.readUInt32BE()
        #expect(huge == nil && negative == nil && long == nil)
        #expect(reader.offset == 0)
        let both = reader.read(count: 2).map(Array.init)
        #expect(both == [0xAA, 0xBB])
        let skipped = reader.skip(1)
        #expect(!skipped)
    }
}
