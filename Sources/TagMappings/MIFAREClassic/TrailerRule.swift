/// What the trailer's own access bits grant on the trailer (MF1S50 datasheet, "Access conditions
/// for the sector trailer"). Key A is never readable.
public struct TrailerRule: Sendable, Equatable, Hashable {
    public var keyARead: KeyPermission
    public var keyAWrite: KeyPermission
    public var accessBitsRead: KeyPermission
    public var accessBitsWrite: KeyPermission
    public var keyBRead: KeyPermission
    public var keyBWrite: KeyPermission

    public init(
        keyARead: KeyPermission, keyAWrite: KeyPermission, accessBitsRead: KeyPermission,
        accessBitsWrite: KeyPermission, keyBRead: KeyPermission, keyBWrite: KeyPermission
    ) {
        self.keyARead = keyARead
        self.keyAWrite = keyAWrite
        self.accessBitsRead = accessBitsRead
        self.accessBitsWrite = accessBitsWrite
        self.keyBRead = keyBRead
        self.keyBWrite = keyBWrite
    }

    /// Key B can be read, so it is plain data and cannot be used to authenticate (the datasheet's
    /// note to the trailer table): the transport configuration is one such case.
    public var keyBReadable: Bool { keyBRead != .never }

    /// Nothing in the trailer can ever be written again: the sector's keys and access bits are final.
    public var isFrozen: Bool { keyAWrite == .never && accessBitsWrite == .never && keyBWrite == .never }
}
