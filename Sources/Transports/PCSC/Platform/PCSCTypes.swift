#if canImport(PCSC)
    import PCSC
#endif

// The C integer types of the PC/SC API differ by platform: pcsc-lite on Linux uses `unsigned long`
// and `long` (64-bit on LP64); Apple's PCSC.framework uses 32-bit integers. Everything above this
// file speaks these aliases, so the code paths stay shared.
#if canImport(PCSC)
    /// `DWORD` of the platform's PC/SC API.
    public typealias PCSCDword = UInt32
    /// `LONG` (a return code) of the platform's PC/SC API.
    public typealias PCSCLong = Int32
    /// `SCARDCONTEXT` / `SCARDHANDLE` of the platform's PC/SC API.
    public typealias PCSCHandle = Int32
#else
    /// `DWORD` of the platform's PC/SC API (`unsigned long` in pcsc-lite).
    public typealias PCSCDword = UInt
    /// `LONG` (a return code) of the platform's PC/SC API (`long` in pcsc-lite).
    public typealias PCSCLong = Int
    /// `SCARDCONTEXT` / `SCARDHANDLE` of the platform's PC/SC API (`long` in pcsc-lite).
    public typealias PCSCHandle = Int
#endif

/// The PC/SC constants TapCard uses (values from pcsc-lite's `pcsclite.h`, identical on macOS).
enum PCSCConstant {
    static let scopeSystem: PCSCDword = 0x0002
    static let shareShared: PCSCDword = 0x0002
    static let protocolT0: PCSCDword = 0x0001
    static let protocolT1: PCSCDword = 0x0002
    static let leaveCard: PCSCDword = 0x0000
    static let resetCard: PCSCDword = 0x0001
    static let stateUnaware: PCSCDword = 0x0000
    static let stateChanged: PCSCDword = 0x0002
    static let stateUnknown: PCSCDword = 0x0004
    static let stateUnavailable: PCSCDword = 0x0008
    static let stateEmpty: PCSCDword = 0x0010
    static let statePresent: PCSCDword = 0x0020
    static let stateMute: PCSCDword = 0x0200
    static let maxATRSize = 33
}
