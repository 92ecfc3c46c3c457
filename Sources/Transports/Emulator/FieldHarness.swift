import TagTransport

/// The part of an emulated tag that is about the field, not the chip: whether the tag is in the
/// field, how many tags answer together, and where a tear is due: the one harness every emulated
/// chip runs its commands through (Types 2, 3, 4 and 5; multi-technology.md §2.7).
struct FieldHarness {
    /// False once the tag was removed or torn away; ``present()`` brings it back.
    private(set) var isInField = true
    /// Tags answering together; more than one makes every command fail with `.multipleTags`.
    private(set) var tagsInField = 1
    private var tearPoint: (remaining: Int, mode: TearMode)?

    /// The carrier failure that stops a command before it reaches the tag, if any.
    var refusal: ChannelError? {
        if !isInField { return .tagLost(command: nil) }
        if tagsInField != 1 { return .multipleTags(count: tagsInField) }
        return nil
    }

    /// Counts one command against a pending tear: the tear's mode when this command is the one
    /// torn (the tag then leaves the field), `nil` otherwise.
    mutating func tearForNextCommand() -> TearMode? {
        guard let tear = tearPoint else { return nil }
        if tear.remaining == 0 {
            tearPoint = nil
            isInField = false
            return tear.mode
        }
        tearPoint = (tear.remaining - 1, tear.mode)
        return nil
    }

    mutating func tearAfter(commands: Int, mode: TearMode) { tearPoint = (max(0, commands), mode) }
    mutating func cancelTear() { tearPoint = nil }
    mutating func remove() { isInField = false }
    mutating func present() { isInField = true }
    mutating func placeAmongOtherTags(count: Int) { tagsInField = max(1, count) }
}
