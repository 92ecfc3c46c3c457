import Testing
import Type4

/// The storage size byte's rule: n = byte >> 1, exactly 2^n when bit 0 is 0, between 2^n and
/// 2^(n+1) when it is 1 (MF3ICD40/EV1 datasheets, "GetVersion").
@Suite struct DESFireStorageSizeTests {
    @Test(arguments: [(UInt8(0x16), 2048), (0x18, 4096), (0x1A, 8192), (0x1C, 16384), (0x0E, 128)])
    func exact(byte: UInt8, bytes: Int) {
        let size = DESFireStorageSize(byte: byte)
        #expect(size.isExact && size.bytes == bytes && size.upperBound == bytes)
        #expect(size.description == "\(bytes) bytes")
    }

    @Test func between() {
        // NTAG 424 DNA's 11: n = 8, between 256 and 512 bytes (its file system holds 416).
        let size = DESFireStorageSize(byte: 0x11)
        #expect(!size.isExact && size.exponent == 8)
        #expect(size.bytes == 256 && size.upperBound == 512)
        #expect(size.description == "between 256 and 512 bytes")
    }

    @Test func everyByteIsTotal() {
        for byte in UInt8.min...UInt8.max {
            let size = DESFireStorageSize(byte: byte)
            #expect(size.exponent == Int(byte >> 1))
            if let low = size.bytes, let high = size.upperBound {
                #expect(size.isExact ? high == low : high == 2 * low)
            }
            #expect(!size.description.isEmpty)
        }
        #expect(DESFireStorageSize(byte: 0xFF).bytes == nil)
        #expect(DESFireStorageSize(byte: 0x7B).bytes == 1 << 61 && DESFireStorageSize(byte: 0x7B).upperBound == nil)
    }
}
