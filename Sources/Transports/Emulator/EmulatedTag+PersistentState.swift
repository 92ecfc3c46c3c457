extension EmulatedTag {
    /// Everything a virtual tag file keeps beyond the session: EEPROM, the one-way counters and
    /// their tearing flags, and the count of wrong passwords against AUTHLIM. A command compares
    /// it before and after to know whether the file must be saved — a wrong password changes no
    /// page, but it counts, and forgetting it would give a virtual tag more attempts than the
    /// chip has.
    public struct PersistentState: Equatable, Sendable {
        public var memory: [UInt8]
        public var counters: [UInt32]
        public var tearingFlags: [UInt8]
        public var failedAuthentications: Int
    }

    public var persistentState: PersistentState {
        PersistentState(
            memory: memory, counters: counters, tearingFlags: tearingFlags,
            failedAuthentications: failedAuthentications)
    }
}
