import Foundation
import TagCatalog
import TagEmulator
import Testing

/// `VirtualTag.factoryFresh`, the one factory `sim new` calls for every model: each model comes
/// out as its own kind of tag, with the identifier it was given, formatted or blank as asked, and
/// survives a save and a load unchanged.
@Suite struct VirtualTagFactoryTests {
    static let identifiers: [TagModel: [UInt8]] = [
        .icodeSLIX2: [0xE0, 0x04, 0x01, 0x08, 0x03, 0x04, 0x05, 0x06],
        .st25dv04k: [0xE0, 0x02, 0x24, 0x10, 0x20, 0x30, 0x40, 0x50],
        .feliCaLiteS: [0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66],
    ]

    @Test("Every emulated model is made as its own tag type, with the given identifier, and reloads unchanged")
    func everyModel() throws {
        #expect(VirtualTag.models.count == 21)
        for model in VirtualTag.models {
            let identifier = Self.identifiers[model] ?? [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
            let tag = try VirtualTag.factoryFresh(model, identifier: identifier, blank: false)
            let (kind, uid): (Int, [UInt8]) =
                switch tag {
                case .type2(let tag): (2, Array(tag.memory[0..<3] + tag.memory[4..<8]))
                case .type3(let tag): (3, tag.idm)
                case .type4(let tag): (4, tag.uid)
                case .type5(let tag): (5, tag.uid)
                case .classic(let tag): (0, tag.uid)
                }
            let expected =
                model.classic != nil ? 0 : model.type3 != nil ? 3 : model.type4 != nil ? 4 : model.type5 != nil ? 5 : 2
            #expect(kind == expected, "\(model)")
            #expect(uid == identifier, "\(model)")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("factory-\(UUID()).tag").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try tag.save(to: path)
            #expect(try VirtualTag.load(path).encoded == tag.encoded, "\(model)")
        }
    }

    @Test("Blank means never formatted where a model can be; a Type 4 tag cannot be blank")
    func blank() throws {
        #expect(!VirtualTag.canBeBlank(.ntag424DNA) && !VirtualTag.canBeBlank(.genericType4))
        for model in VirtualTag.models where VirtualTag.canBeBlank(model) {
            let identifier = Self.identifiers[model] ?? [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
            let formatted = try VirtualTag.factoryFresh(model, identifier: identifier, blank: false).encoded
            let blank = try VirtualTag.factoryFresh(model, identifier: identifier, blank: true).encoded
            // The same identifier: all that may differ is the formatting.
            #expect(formatted != blank, "\(model)")
        }
    }

    @Test("A wrong identifier is refused before anything is made")
    func wrongIdentifier() {
        #expect(throws: EmulatorError.self) {
            try VirtualTag.factoryFresh(.ntag213, identifier: [0x88, 1, 2, 3, 4, 5, 6], blank: false)
        }
        #expect(throws: EmulatorError.self) {
            try VirtualTag.factoryFresh(.icodeSLIX2, identifier: [0x04, 1, 2, 3, 4, 5, 6], blank: false)
        }
        #expect(throws: EmulatorError.self) {
            try VirtualTag.factoryFresh(.feliCaLiteS, identifier: [0x01, 0x2E], blank: false)
        }
    }
}
