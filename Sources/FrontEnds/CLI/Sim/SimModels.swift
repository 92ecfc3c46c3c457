import CommandLineKit
import TagCatalog
import TagEmulator

/// Model names on the command line.
enum SimModels {
    /// The Type 2 models (raw memory images: `--model` of `sim import`, `emulate`, `card`).
    static let names = EmulatedTag.supportedModels.map(\.rawValue)

    /// A Type 2 model, by name.
    static func model(named name: String, command: String) throws(UsageError) -> TagModel {
        guard let model = TagModel(rawValue: name.lowercased()), EmulatedTag.supportedModels.contains(model) else {
            let names = EmulatedTag.supportedModels.map(\.rawValue).joined(separator: ", ")
            throw UsageError("Unknown or unemulated model '\(name)'; use one of \(names).", command: command)
        }
        return model
    }

    /// Every model `sim new` creates, as the command line spells them (`ntag424` is accepted for
    /// `ntag424-dna`): what completions offer and help lists.
    static let allNames = VirtualTag.models.map { $0 == .ntag424DNA ? "ntag424" : $0.rawValue }

    /// Any model the emulator makes.
    static func anyModel(named name: String, command: String) throws(UsageError) -> TagModel {
        let lowered = name.lowercased()
        let model = lowered == "ntag424" ? TagModel.ntag424DNA : TagModel(rawValue: lowered)
        guard let model, VirtualTag.models.contains(model) else {
            let names = allNames.joined(separator: ", ")
            throw UsageError("Unknown or unemulated model '\(name)'; use one of \(names).", command: command)
        }
        return model
    }
}
