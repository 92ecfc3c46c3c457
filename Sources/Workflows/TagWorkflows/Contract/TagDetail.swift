/// The per-type part of a ``TagReport``: the one exhaustive switch a front end has over tag
/// types, so a new type is a compile error in every printer until it is handled.
public enum TagDetail: Sendable, Equatable {
    case type2Read(ReadReport)
    case type2Inspection(TagInspection)
    case type3Read(Type3ReadReport)
    case type3Inspection(Type3Inspection)
    case type4Read(Type4ReadReport)
    case type4Inspection(Type4Inspection)
    case type5Read(Type5ReadReport)
    case type5Inspection(Type5Inspection)
    case classicRead(ClassicReadReport)
    case classicInspection(ClassicInspection)
}
