extension EmulatedType4Tag {
    /// The fields Secure Dynamic Messaging mirrors into the NDEF file (E104) at every read, in
    /// file order: what each is and the bytes of the file it covers (offsets past NLEN's two
    /// bytes are the message's bytes plus 2). Empty when the tag has no such file or SDM is off on
    /// it (`SDMSettings.enabled(in:memory:)`). The stored file holds the placeholders (what
    /// `sdm setup` wrote, zeros by default) there, never a value a verifier accepts.
    public var sdmMirroredFields: [(field: String, bytes: Range<Int>)] {
        guard let index = memory.index(ofIdentifier: 0xE104),
            let settings = SDMSettings.enabled(in: memory.files[index], memory: memory)
        else { return [] }
        let fields: [(String, SDMSettings.Placeholder?)] = [
            ("the UID", settings.uid), ("the read counter", settings.counter),
            ("the PICCData (\(memory.lrp ? "LRP" : "AES"))", settings.piccData),
            ("the encrypted file data", settings.encryptedData), ("the MAC", settings.mac),
        ]
        return fields.compactMap { name, placeholder in placeholder.map { (name, $0.offset..<$0.end) } }
            .sorted { $0.1.lowerBound < $1.1.lowerBound }
    }
}
