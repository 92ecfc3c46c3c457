/// What one data block's access bits grant (MF1S50 datasheet, "Access conditions for data blocks").
///
/// Where the sector trailer lets key B be read (trailer conditions 000, 010, 001), key B cannot
/// serve to authenticate and the grants to key B here are void: see ``TrailerRule/keyBReadable``.
public struct DataBlockRule: Sendable, Equatable, Hashable {
    public var read: KeyPermission
    public var write: KeyPermission
    public var increment: KeyPermission
    /// Decrement, transfer and restore.
    public var decrement: KeyPermission

    public init(read: KeyPermission, write: KeyPermission, increment: KeyPermission, decrement: KeyPermission) {
        self.read = read
        self.write = write
        self.increment = increment
        self.decrement = decrement
    }
}
