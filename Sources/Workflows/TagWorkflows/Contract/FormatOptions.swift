/// How to format, where a tag type offers a choice (Type 5's CC feature bits); other types take
/// the defaults.
public struct FormatOptions: Sendable, Equatable {
    /// Type 5: set MBREAD (CC3 bit 0); iOS then will not read the tag.
    public var multipleBlockRead: Bool
    /// Type 5: rewrite only the CC with MBREAD clear (a repair, not a format).
    public var fixForIOS: Bool

    public init(multipleBlockRead: Bool = false, fixForIOS: Bool = false) {
        self.multipleBlockRead = multipleBlockRead
        self.fixForIOS = fixForIOS
    }
}
