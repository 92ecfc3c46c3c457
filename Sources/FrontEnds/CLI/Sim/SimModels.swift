import CommandLineKit
import TagCatalog
import TagEmulator

/// Model names on the command line.
enum SimModels {
    /// The models the emulator knows, as the command line spells them.
    static let names = EmulatedTag.supportedModels.map(\.rawValue)

    static func model(named name: String, command: String) throws(UsageError) -> TagModel {
        guard let model = TagModel(rawValue: name.lowercased()), EmulatedTag.supportedModels.contains(model) else {
            let names = EmulatedTag.supportedModels.map(\.rawValue).joined(separator: ", ")
            throw UsageError("Unknown or unemulated model '\(name)'; use one of \(names).", command: command)
        }
        return model
    }

    /// The Type 4 models `sim new` creates, as the command line spells them (`ntag424` is
    /// accepted too, for `ntag424-dna`).
    static let type4Names = EmulatedType4Tag.supportedModels.map(\.rawValue)

    /// The Type 5 models `sim new` creates, as the command line spells them.
    static let type5Names = EmulatedType5Tag.supportedModels.map(\.rawValue)

    /// Every model `sim new` creates, as the command line spells them (`ntag424` for short, and
    /// FeliCa Lite-S): what completions offer and help lists.
    static let allNames =
        names + ["ntag424"] + type4Names.filter { $0 != "ntag424" } + type5Names + [TagModel.feliCaLiteS.rawValue]

    /// A Type 2, Type 4 or Type 5 model `sim new` can create.
    static func anyModel(named name: String, command: String) throws(UsageError) -> TagModel {
        let lowered = name.lowercased()
        let type4 = lowered == "ntag424" ? TagModel.ntag424DNA : TagModel(rawValue: lowered)
        if let type4, EmulatedType4Tag.supportedModels.contains(type4) { return type4 }
        if let type5 = TagModel(rawValue: lowered), EmulatedType5Tag.supportedModels.contains(type5) { return type5 }
        guard let model = TagModel(rawValue: lowered), EmulatedTag.supportedModels.contains(model) else {
            let names = (names + type4Names + type5Names).joined(separator: ", ")
            throw UsageError("Unknown or unemulated model '\(name)'; use one of \(names).", command: command)
        }
        return model
    }
}
