import TagCatalog

extension EmulatedTag {
    /// The pages that hold a secret on this chip: PWD on an NTAG21x or Ultralight EV1, the 3DES
    /// key on an Ultralight C, DataProtKey and UIDRetrKey on an Ultralight AES.
    var secretPages: [Int] {
        switch profile.family {
        case .ultralightC: Array(UltralightCFacts.keyPages)
        case .ultralightAES:
            Array(UltralightAESFacts.dataProtKeyPages) + Array(UltralightAESFacts.uidRetrKeyPages)
        default: profile.passwordPage.map { [$0] } ?? []
        }
    }

    /// True when a secret page holds something other than the factory's value (a password or a
    /// key someone set): the tag's file then holds a secret in clear, and is saved 0600.
    public var holdsSecrets: Bool {
        let factory = EmulatedTag(model: model, uid: uid)
        return secretPages.contains { page in
            let range = page * 4..<page * 4 + 4
            return range.upperBound <= memory.count && range.upperBound <= factory.memory.count
                && memory[range] != factory.memory[range]
        }
    }
}
