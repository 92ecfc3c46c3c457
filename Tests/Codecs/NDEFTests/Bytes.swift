import TapCardSupport

/// Hex text (spaces allowed) as bytes, for readable vectors; a typo in a vector fails the test.
func bytes(_ hex: String) -> [UInt8] {
    (try? Hex.decode(hex)) ?? [0xBA, 0xD0]
}
