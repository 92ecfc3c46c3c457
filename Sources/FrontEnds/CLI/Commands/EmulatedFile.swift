import CommandLineKit
import Foundation
import ServedCards
import TagCatalog
import TagEmulator

/// The file `tapcard emulate` serves: loaded (or made factory-fresh when it does not exist) as a
/// ``VirtualTag`` of any kind, served through the bridge ``ServedCard`` picks for it, and saved
/// back in its file's format (a raw `.bin` image stays raw). Nothing here names a tag type: the
/// kind-to-bridge switch is the ServedCards module's.
struct EmulatedFile {
    let card: ServedCard
    private let rawImage: Bool

    static func load(path: String, model: TagModel?, io: some CommandIO) throws -> EmulatedFile {
        let tag: VirtualTag
        let raw = EmulateCommand.isRawImage(path)
        if raw || !FileManager.default.fileExists(atPath: path) && (model == nil || model?.type2Layout != nil) {
            // A raw image is Type 2 memory; a new file without a model is the default NTAG213.
            tag = .type2(try EmulateCommand.load(path: path, model: model, io: io))
        } else if let model, !FileManager.default.fileExists(atPath: path) {
            tag = try VirtualTag.factoryFresh(model, identifier: nil, blank: false)
            io.note(
                "\(path) does not exist: serving an NDEF-formatted \(model.displayName), as 'tapcard sim new' makes it."
            )
        } else {
            // Serving a tag saves it back: another tool's dump is refused, as every write to one.
            if let format = VirtualTag.dumpFormat(bytes: try FileBytes.read(path)) {
                throw EmulatorError.dumpIsReadOnly(path: path, format: format)
            }
            tag = try VirtualTag.load(path)
            if let model, model != tag.model {
                throw UsageError(
                    "\(path) holds \(tag.model.withArticle), not \(model.displayName).", command: EmulateCommand.name)
            }
        }
        guard let card = ServedCard(serving: tag) else {
            throw UsageError(
                "No vpcd bridge serves \(tag.model.withArticle): TapCard's bridges are ISO 14443 (NFC-A storage cards, MIFARE Classic, ISO-DEP) and ISO 15693; a FeliCa tag needs a reader that speaks FeliCa.",
                command: EmulateCommand.name)
        }
        return EmulatedFile(card: card, rawImage: raw)
    }

    /// Saves the tag to `path` in its file's format.
    func save(to path: String) throws {
        if rawImage, case .type2(let chip) = card.tag {
            try EmulateCommand.save(chip, to: path)
        } else {
            try card.tag.save(to: path)
        }
    }
}
