#if FUZZING
    import TagCatalog
    import TagEmulator
    import TagFrames
    import TagTransport

    /// The emulated Type 4 chips (generic T4T, NTAG 424 DNA, DESFire EV3) on arbitrary APDUs, as a
    /// reader (or an attacker's reader) could send them. Input: a chip selector byte (for the
    /// DESFire, its bit 7 starts from a card holding AN11004's NDEF application instead of a blank
    /// one), then APDUs as `[length][bytes…]`; bytes that do not parse as an APDU are skipped, as a
    /// carrier would refuse them.
    ///
    /// Invariants: no trap whatever the APDUs; every file keeps its size; the CC file (E103) never
    /// changes without authentication (on the DESFire: the NDEF application's CC file, whose write
    /// access is key 0); a DESFire card stays one the emulator can hold (``DESFirePICC/problem(_:)``:
    /// distinct AIDs, at most the card's applications, keys of their type's length).
    enum Emulator4Fuzz {
        static let target = FuzzTarget(name: "emulator4") { input in
            guard let selector = input.first else { return }
            let models = EmulatedType4Tag.supportedModels
            let model = models[Int(selector) % models.count]
            var commands: [CommandAPDU] = []
            var index = 1
            while index < input.count, commands.count < 64 {
                let length = Int(input[index])
                index += 1
                let end = min(input.count, index + length)
                if case .success(let apdu) = CommandAPDU.parse(Array(input[index..<end])) { commands.append(apdu) }
                index = end
            }
            let parsed = commands
            runBlocking {
                let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
                let desfire = model.type4?.desfire
                let tag: EmulatedType4Tag
                if let desfire, selector & 0x80 != 0,
                    let formatted = try? EmulatedType4Tag(
                        model: model, uid: uid, picc: DESFirePICC.factory.withNDEFApplication(desfire))
                {
                    tag = formatted
                } else {
                    tag = EmulatedType4Tag(model: model, uid: uid)
                }
                func desfireCC() -> [UInt8]? {
                    tag.memory.picc?.application(0x000001)?.files.first { $0.number == 1 }?.contents
                }
                let cc = tag.contents(ofFile: 0xE103)
                let ndefCC = desfireCC()
                let sizes = tag.facts.files.map { tag.contents(ofFile: $0.identifier)?.count }
                var authenticated = false
                for command in parsed {
                    if command.cla == 0x90, command.ins == 0x71 || command.ins == 0x77 { authenticated = true }
                    do throws(ChannelError) {
                        _ = try await tag.transmit(command)
                    } catch {
                        continue
                    }
                    if tag.facts.files.map({ tag.contents(ofFile: $0.identifier)?.count }) != sizes {
                        violated("a file changed size", input)
                    }
                    if !authenticated, tag.contents(ofFile: 0xE103) != cc {
                        violated("the CC file changed without authentication", input)
                    }
                    if let desfire, let picc = tag.memory.picc {
                        if let problem = picc.problem(desfire) { violated("the DESFire card broke: \(problem)", input) }
                        if !authenticated, ndefCC != nil, desfireCC() != ndefCC {
                            violated("the NDEF application's CC file changed without authentication", input)
                        }
                    }
                }
            }
        }
    }
#endif
