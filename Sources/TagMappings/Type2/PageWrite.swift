/// One WRITE of a 4-byte page, and why it is in a plan.
public struct PageWrite: Sendable, Equatable {
    public enum Role: String, Sendable, Equatable {
        /// Sets the NDEF length to 0 so that a tear from here on leaves an empty message.
        case clearLength
        /// Message, TLV header or terminator bytes.
        case data
        /// Writes the real NDEF length: the tag holds the new message once this lands.
        case commit
        /// Capability Container (one-time programmable).
        case capabilityContainer
        /// Static or dynamic lock bits (irreversible).
        case lockBits
        /// CFGLCK in the ACCESS byte: the configuration pages can never be written again, so
        /// nobody can later put a password on a locked tag (irreversible).
        case configurationLock
        /// CFG0 with AUTH0, the switch of password protection (AUTH0 off: FFh).
        case authenticationSwitch
        /// PWD: the 4-byte password (write-only; it reads as zeros).
        case password
        /// PACK: the 2-byte acknowledge a correct PWD_AUTH answers.
        case passwordAcknowledge
        /// CFG1 with the ACCESS byte (PROT, AUTHLIM).
        case accessConfiguration
    }

    public var page: Int
    public var bytes: [UInt8]
    public var role: Role

    public init(page: Int, bytes: [UInt8], role: Role) {
        self.page = page
        self.bytes = bytes
        self.role = role
    }
}
