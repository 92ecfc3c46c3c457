import TagCatalog

/// What a test or the CLI's `--simulate-tear-after` does to any emulated tag, whatever its type:
/// take it out of the field after N commands (in a ``TearMode``), call that off, and put it
/// back. Every emulated chip answers frames only; these controls live in its harness.
public protocol FieldControl: AnyObject {
    func tearAfter(commands: Int, mode: TearMode)
    func cancelTear()
    func remove()
    func present()
}

extension EmulatedTag: FieldControl {}
extension EmulatedType3Tag: FieldControl {}
extension EmulatedType4Tag: FieldControl {}
extension EmulatedType5Tag: FieldControl {}
extension EmulatedClassicTag: FieldControl {}

extension VirtualTag {
    /// The tag's field controls.
    public var fieldControl: any FieldControl {
        switch self {
        case .type2(let tag): tag
        case .type3(let tag): tag
        case .type4(let tag): tag
        case .type5(let tag): tag
        case .classic(let tag): tag
        }
    }

    /// True when reading the tag can change what its file must keep (an NTAG 424 DNA's SDM read
    /// counter goes up on a mirrored read): a command that reads it holds the file for writing.
    public var mayChangeWhenRead: Bool {
        if case .type4 = self { return true }
        return false
    }

    /// The tag's model, as its file declares it.
    public var model: TagModel {
        switch self {
        case .type2(let tag): tag.model
        case .type3(let tag): tag.model
        case .type4(let tag): tag.model
        case .type5(let tag): tag.model
        case .classic(let tag): tag.model
        }
    }
}
