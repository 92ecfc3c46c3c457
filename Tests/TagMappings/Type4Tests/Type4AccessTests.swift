import Testing
import Type4

/// The access byte ranges of T4T 2.0 §5.1.2 as Android reads them (`rw_t4t_validate_cc_file`).
@Suite struct Type4AccessTests {
    @Test func everyByteRoundTrips() {
        for byte in UInt8.min...UInt8.max {
            let access = Type4Access(byte: byte)
            #expect(access.byte == byte)
            switch byte {
            case 0x00: #expect(access == .free)
            case 0x01...0x7F: #expect(access == .reserved(byte))
            case 0x80...0xFE: #expect(access == .proprietary(byte))
            default: #expect(access == .never)
            }
        }
    }

    @Test func phrases() {
        #expect(Type4Access.free.phrase == "free")
        #expect(Type4Access.proprietary(0x82).phrase == "proprietary condition 0x82")
        #expect(Type4Access.never.phrase == "never")
        #expect(Type4Access.never.description == "never (FF)")
        #expect(Type4Access.free.description == "free (00)")
        #expect(Type4Access.reserved(0x05).description == "reserved value 0x05")
    }
}
