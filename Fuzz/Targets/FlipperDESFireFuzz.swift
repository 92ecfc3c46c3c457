#if FUZZING
    import TagEmulator

    /// `FlipperDESFireFile.parse` on arbitrary text (a Flipper Zero `Mifare DESFire` file from
    /// anywhere).
    ///
    /// Invariants: a refusal has a sentence; a parsed card has a 7-byte UID, at most 28
    /// applications, each with 1 to 14 keys of its key type's length and files whose contents
    /// were read or are zeros of the declared size; it loads into the emulator or is refused with
    /// an error, never a trap.
    enum FlipperDESFireFuzz {
        static let target = FuzzTarget(name: "flipper-desfire") { input in
            let text = String(decoding: input, as: UTF8.self)
            let parsed: FlipperDESFireFile.Parsed
            do throws(DESFireFlipperFileError) {
                parsed = try FlipperDESFireFile.parse(text)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            if parsed.uid.count != 7 || parsed.picc.applications.count > 28 { violated("card shape", input) }
            for application in parsed.picc.applications {
                if !(1...14).contains(application.keys.count) { violated("key count", input) }
                if application.keys.contains(where: { $0.value.count != application.keyType.keyLength }) {
                    violated("key length", input)
                }
            }
            do throws(EmulatorError) {
                _ = try EmulatedType4Tag(model: parsed.model, uid: parsed.uid, picc: parsed.picc)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
            }
        }
    }
#endif
