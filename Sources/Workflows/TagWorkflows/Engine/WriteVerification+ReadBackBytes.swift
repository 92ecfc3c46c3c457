extension WriteVerification.Scope {
    /// How many message bytes a read-back covered (Types 3, 4 and 5 count bytes; 0 for a Type 2
    /// read-back, which counts pages).
    public var readBackBytes: Int {
        if case .bytes(let bytes) = self { return bytes }
        return 0
    }
}
