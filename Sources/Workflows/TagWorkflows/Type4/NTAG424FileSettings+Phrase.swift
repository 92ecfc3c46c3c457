import Type4

extension NTAG424FileSettings {
    /// One NTAG 424 DNA file's GetFileSettings answer in words: "256 bytes, plain communication;
    /// read free, write free, read-write free, change settings key 0."
    public var phrase: String {
        let rights = accessRights
        return
            "\(size) bytes, \(communicationMode.rawValue) communication\(isSDMEnabled ? ", SDM mirroring on" : ""); read \(rights.read.phrase), write \(rights.write.phrase), read-write \(rights.readWrite.phrase), change settings \(rights.change.phrase)."
    }
}
