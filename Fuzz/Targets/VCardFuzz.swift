#if FUZZING
    import Contacts

    /// `VCardReader.read` on arbitrary bytes (a vCard MIME payload from a tag). What it reads must
    /// survive encode → read the way the encoder promises (FN as formatted, N as effective).
    enum VCardFuzz {
        /// 4 KB: folding, charsets, quoting and grouping all show within it, and the reader's cost
        /// grows with the input, so 8 KB inputs halved the executions for no new code reached.
        static let target = FuzzTarget(name: "vcard", maxLength: 4096) { input in
            let reading: VCardReading
            do throws(ContactsError) {
                reading = try VCardReader.read(input)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let profile = reading.profile
            guard let again = try? VCardReader.read(VCardEncoder.encode(profile)) else {
                violated("the encoder's vCard of a read profile is rejected", input)
            }
            var expected = profile
            expected.displayName = profile.formattedName
            expected.name = profile.effectiveName
            if again.profile != expected { violated("read → encode → read changed the profile", input) }
        }
    }
#endif
