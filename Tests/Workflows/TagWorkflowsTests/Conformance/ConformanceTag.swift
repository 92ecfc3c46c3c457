import MIFAREClassic
import NDEF
import TagCatalog
import TagEmulator
import TagTransport

@testable import TagWorkflows

/// One emulated tag of any type, seen through what the conformance suite needs: a fresh
/// ``TagDriver`` over it, its whole state (to prove a refusal left it byte-identical), a copy,
/// the fault controls (tear at command N in a mode, put it back) and the count of commands it
/// has answered. The suite asserts the contract's promises through this and `any TagDriver`
/// only, never through a type's own API.
final class ConformanceTag {
    /// The emulated tag itself, for the suites that run a type's own operations (protect, key
    /// changes, SDM set-up) beside the contract's.
    enum Emulated {
        case type2(EmulatedTag)
        case type3(EmulatedType3Tag)
        case type4(EmulatedType4Tag)
        case type5(EmulatedType5Tag)
        case classic(EmulatedClassicTag)
    }

    let model: TagModel
    var emulated: Emulated?
    let driver: () -> any TagDriver
    let state: () -> [String]
    let copy: () throws -> ConformanceTag
    let tearAfter: (Int, TearMode) -> Void
    let cancelTear: () -> Void
    let present: () -> Void
    let commands: () -> Int

    init(
        model: TagModel, driver: @escaping () -> any TagDriver, state: @escaping () -> [String],
        copy: @escaping () throws -> ConformanceTag, tearAfter: @escaping (Int, TearMode) -> Void,
        cancelTear: @escaping () -> Void, present: @escaping () -> Void, commands: @escaping () -> Int
    ) {
        self.model = model
        self.driver = driver
        self.state = state
        self.copy = copy
        self.tearAfter = tearAfter
        self.cancelTear = cancelTear
        self.present = present
        self.commands = commands
    }

    /// A factory-fresh tag of `model` (formatted as shipped, or blank when `formatted` is false
    /// and the model can be blank).
    static func make(_ model: TagModel, formatted: Bool = true) throws -> ConformanceTag {
        if model.type2Layout != nil { return type2(EmulatedTag(model: model, formatted: formatted)) }
        if model.type3 != nil { return type3(EmulatedType3Tag(model: model, formatted: formatted)) }
        if model.type5 != nil { return type5(EmulatedType5Tag(model: model, formatted: formatted)) }
        if let desfire = model.type4?.desfire {
            // A DESFire ships without applications; formatted, it holds AN11004's.
            let picc = formatted ? DESFirePICC.factory.withNDEFApplication(desfire) : .factory
            return type4(try EmulatedType4Tag(model: model, picc: picc))
        }
        if model.classic != nil { return classic(EmulatedClassicTag(model: model, formatted: formatted)) }
        return type4(EmulatedType4Tag(model: model))
    }

    static func type2(_ tag: EmulatedTag) -> ConformanceTag {
        let conformance = ConformanceTag(
            model: tag.model, driver: { Type2Tag(transport: tag, declaredModel: tag.model) },
            state: { [tag.memory.map { String($0, radix: 16) }.joined(separator: " ")] },
            copy: { type2(EmulatedTag(image: tag.memory, model: tag.model)) },
            tearAfter: { tag.tearAfter(commands: $0, mode: $1) }, cancelTear: { tag.cancelTear() },
            present: { tag.present() }, commands: { tag.commandLog.count })
        conformance.emulated = .type2(tag)
        return conformance
    }

    static func type3(_ tag: EmulatedType3Tag) -> ConformanceTag {
        let conformance = ConformanceTag(
            model: tag.model, driver: { Type3Tag(channel: tag, declaredModel: tag.model) },
            state: { tag.blocks.keys.sorted().map { "\($0): \(tag.blocks[$0] ?? [])" } },
            copy: { type3(try EmulatedType3Tag(model: tag.model, idm: tag.idm, blocks: tag.blocks)) },
            tearAfter: { tag.tearAfter(commands: $0, mode: $1) }, cancelTear: { tag.cancelTear() },
            present: { tag.present() }, commands: { tag.commandLog.count })
        conformance.emulated = .type3(tag)
        return conformance
    }

    static func type4(_ tag: EmulatedType4Tag) -> ConformanceTag {
        let conformance = ConformanceTag(
            model: tag.model, driver: { Type4Tag(channel: tag, uid: tag.uid) },
            state: { [String(describing: tag.memory)] },
            copy: { type4(try EmulatedType4Tag(model: tag.model, uid: tag.uid, memory: tag.memory)) },
            tearAfter: { tag.tearAfter(commands: $0, mode: $1) }, cancelTear: { tag.cancelTear() },
            present: { tag.present() }, commands: { tag.commandLog.count })
        conformance.emulated = .type4(tag)
        return conformance
    }

    static func classic(_ tag: EmulatedClassicTag) -> ConformanceTag {
        let conformance = ConformanceTag(
            model: tag.model, driver: { ClassicTag(channel: tag, declaredModel: tag.model) },
            state: { tag.blocks.map { $0.map { String($0, radix: 16) }.joined(separator: " ") } },
            copy: { classic(try EmulatedClassicTag(model: tag.model, uidLength: tag.uid.count, blocks: tag.blocks)) },
            tearAfter: { tag.tearAfter(commands: $0, mode: $1) }, cancelTear: { tag.cancelTear() },
            present: { tag.present() }, commands: { tag.commandCount })
        conformance.emulated = .classic(tag)
        return conformance
    }

    static func type5(_ tag: EmulatedType5Tag) -> ConformanceTag {
        let conformance = ConformanceTag(
            model: tag.model, driver: { Type5Tag(channel: tag, declaredModel: tag.model) },
            state: { [String(describing: tag.memory)] },
            copy: { type5(try EmulatedType5Tag(model: tag.model, uid: tag.uid, memory: tag.memory)) },
            tearAfter: { tag.tearAfter(commands: $0, mode: $1) }, cancelTear: { tag.cancelTear() },
            present: { tag.present() }, commands: { tag.commandLog.count })
        conformance.emulated = .type5(tag)
        return conformance
    }

    /// The first MIFARE Classic sector whose trailer's access bits are inconsistent (a sector the
    /// chip has blocked for good), `nil` on every other tag or when none is.
    func blockedClassicSector() -> Int? {
        guard case .classic(let tag) = emulated,
            let layout = ClassicLayout.allCases.first(where: { $0.blockCount == tag.blocks.count })
        else { return nil }
        return (0..<layout.sectorCount).first { sector in
            let trailer = tag.blocks[layout.trailerBlock(ofSector: sector)]
            if case .failure = AccessBits.parse(Array(trailer[6..<9])) { return true }
            return false
        }
    }
}
