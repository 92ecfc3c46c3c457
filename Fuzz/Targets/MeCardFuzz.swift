#if FUZZING
    import Contacts

    /// `MeCardReader.read` on arbitrary text (a MeCard in a text or URI record). What it reads
    /// must survive encode → read as `MeCardEncoder.carried` says.
    enum MeCardFuzz {
        static let target = FuzzTarget(name: "mecard") { input in
            let text = String(decoding: input, as: UTF8.self)
            let reading: MeCardReading
            do throws(ContactsError) {
                reading = try MeCardReader.read(text)
            } catch {
                if error.sentence.isEmpty { violated("empty error sentence", input) }
                return
            }
            let profile = reading.profile
            guard let again = try? MeCardReader.read(MeCardEncoder.encode(profile)) else {
                violated("the encoder's MeCard of a read profile is rejected", input)
            }
            if again.profile != MeCardEncoder.carried(profile) {
                violated("read → encode → read changed the profile", input)
            }
        }
    }
#endif
