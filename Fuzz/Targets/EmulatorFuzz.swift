#if FUZZING
    import TagCatalog
    import TagEmulator
    import TagTransport

    /// The emulator's command handler on arbitrary frames, as a reader (or an attacker's reader)
    /// could send them. Input: a chip selector byte, then frames as `[length][bytes…]`.
    ///
    /// Invariants: no trap whatever the frames; memory never changes size; a READ that is answered
    /// returns 16 bytes.
    enum EmulatorFuzz {
        static let target = FuzzTarget(name: "emulator") { input in
            guard let selector = input.first else { return }
            let models = EmulatedTag.supportedModels
            let model = models[Int(selector) % models.count]
            var frames: [[UInt8]] = []
            var index = 1
            while index < input.count, frames.count < 64 {
                let length = Int(input[index])
                index += 1
                let end = min(input.count, index + length)
                frames.append(Array(input[index..<end]))
                index = end
            }
            let commands = frames
            runBlocking {
                let tag = EmulatedTag(model: model, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
                let size = tag.memory.count
                for command in commands {
                    let reply: [UInt8]
                    do throws(ChannelError) {
                        reply = try await tag.transceive(command)
                    } catch {
                        continue
                    }
                    if tag.memory.count != size { violated("memory changed size", input) }
                    if command.first == 0x30, command.count == 2, reply.count != 16 {
                        violated("READ answered with \(reply.count) bytes", input)
                    }
                }
            }
        }
    }
#endif
