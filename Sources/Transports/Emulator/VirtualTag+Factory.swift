import TagCatalog

extension VirtualTag {
    /// Every model the emulator makes, in the order `tapcard sim new` lists them: Type 2, then
    /// Type 4, Type 5, Type 3 and MIFARE Classic.
    public static let models: [TagModel] =
        EmulatedTag.supportedModels + EmulatedType4Tag.supportedModels + EmulatedType5Tag.supportedModels
        + EmulatedType3Tag.supportedModels + EmulatedClassicTag.supportedModels

    /// True when `model` can leave the factory never NDEF-formatted: not a Type 4 tag with fixed
    /// files, which ships with its CC and NDEF files (NFC Forum Type 4 has no format); a MIFARE
    /// DESFire ships with no application at all, so it can.
    public static func canBeBlank(_ model: TagModel) -> Bool { model.type4 == nil || model.type4?.desfire != nil }

    /// True when the tag's identifier is a FeliCa IDm (8 bytes, manufacturer code first) rather
    /// than a UID.
    public static func identifiesByIDm(_ model: TagModel) -> Bool { model.type3 != nil }

    /// A tag of `model` as it leaves the factory: `identifier` its UID (a FeliCa card's IDm), a
    /// random one of the right form when `nil`; `blank` when it was never NDEF-formatted (a model
    /// ``canBeBlank(_:)`` says cannot be is made formatted). The identifier is checked first, so a
    /// refusal creates nothing. A blank MIFARE Classic card is as it ships (transport keys and
    /// access bits `FF 07 80 69`); a formatted one is AN1304's layout with an empty NDEF message.
    public static func factoryFresh(_ model: TagModel, identifier: [UInt8]?, blank: Bool) throws(EmulatorError)
        -> VirtualTag
    {
        if EmulatedClassicTag.supportedModels.contains(model) {
            if let identifier { try EmulatedClassicTag.check(uid: identifier) }
            return .classic(EmulatedClassicTag(model: model, uid: identifier, formatted: !blank))
        }
        if EmulatedType3Tag.supportedModels.contains(model) {
            if let identifier { try EmulatedType3Tag.check(idm: identifier) }
            return .type3(EmulatedType3Tag(model: model, idm: identifier, formatted: !blank))
        }
        if EmulatedType5Tag.supportedModels.contains(model) {
            if let identifier { try EmulatedType5Tag.check(uid: identifier, model: model) }
            return .type5(EmulatedType5Tag(model: model, uid: identifier, formatted: !blank))
        }
        if EmulatedType4Tag.supportedModels.contains(model) {
            if let identifier { try EmulatedType4Tag.check(uid: identifier) }
            if let desfire = model.type4?.desfire {
                // A DESFire ships without applications (blank); formatted, it has AN11004's.
                let picc = blank ? DESFirePICC.factory : DESFirePICC.factory.withNDEFApplication(desfire)
                return .type4(try EmulatedType4Tag(model: model, uid: identifier, picc: picc))
            }
            return .type4(EmulatedType4Tag(model: model, uid: identifier))
        }
        try EmulatedTag.check(model: model)
        if let identifier { try EmulatedTag.check(uid: identifier) }
        return .type2(EmulatedTag(model: model, uid: identifier, formatted: !blank))
    }
}
