/// A run of bytes a command changed in a Type 4 tag's file (a torn write's landed prefix included).
public struct ProgrammedBytes: Sendable, Equatable {
    /// The file's ISO identifier.
    public var file: UInt16
    public var offset: Int
    public var count: Int

    public init(file: UInt16, offset: Int, count: Int) {
        self.file = file
        self.offset = offset
        self.count = count
    }
}
