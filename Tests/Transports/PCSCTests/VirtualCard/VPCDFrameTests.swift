import PCSCTransport
import Testing

@Suite struct VPCDFrameTests {
    @Test func controlCodesAndAPDUsAreTold() {
        #expect(VPCDFrame(payload: [0x00]) == .powerOff)
        #expect(VPCDFrame(payload: [0x01]) == .powerOn)
        #expect(VPCDFrame(payload: [0x02]) == .reset)
        #expect(VPCDFrame(payload: [0x04]) == .atrRequest)
        #expect(VPCDFrame(payload: [0x07]) == .control(0x07))
        #expect(VPCDFrame(payload: [0xFF, 0xCA, 0x00, 0x00, 0x00]) == .apdu([0xFF, 0xCA, 0x00, 0x00, 0x00]))
    }

    @Test func framesCarryATwoByteBigEndianLength() {
        #expect(VPCDFrame.encode([0x90, 0x00]) == [0x00, 0x02, 0x90, 0x00])
        let long = [UInt8](repeating: 0xAB, count: 0x0123)
        #expect(VPCDFrame.encode(long)?.prefix(2) == [0x01, 0x23])
        #expect(VPCDFrame.encode([UInt8](repeating: 0, count: 0x10000)) == nil)
    }
}
