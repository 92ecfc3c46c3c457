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
}
