#if FUZZING
    import TagCatalog
    import Type2

    /// A Type 2 memory image as read from a tag: UID, lock bytes, CC, TLV walk, capacity, and the
    /// write/format/lock planners on top. The first byte picks the declared chip (or none); the
    /// rest is memory from page 0.
    ///
    /// Invariants: the walk stays inside the memory; a write planned the way `Type2Tag.write` plans
    /// it (from a snapshot that stops after the NDEF TLV, of all memory and of only the prefix the
    /// workflow reads), applied page by page, gives the plan's final memory, and the tag's memory
    /// then reads back as the message written.
    ///
    enum Type2Fuzz {
        static let models: [TagModel?] = [nil, .ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48]

        /// The selector, 16 header bytes and the largest data area a CC can declare (255 × 8 =
        /// 2040 bytes), with a few pages to spare: the walk and every plan stop at the data area.
        static let target = FuzzTarget(name: "type2", maxLength: 2080) { input in
            guard let selector = input.first else { return }
            let model = models[Int(selector) % models.count]
            let memory = Array(input.dropFirst())
            let snapshot = Type2Snapshot(memory: memory, model: model)
            if let ndef = snapshot.ndef, ndef.message.count != ndef.length {
                violated("NDEF TLV length \(ndef.length) but \(ndef.message.count) message bytes", input)
            }
            if snapshot.capacity.bytes < 0 { violated("negative capacity", input) }
            _ = try? Type2FormatPlan.make(snapshot: snapshot)
            _ = try? Type2LockPlan.make(snapshot: snapshot)
            if memory.count >= 8 { _ = ChipIdentification.fromVersion(Array(memory.prefix(8))) }

            // Plan a message sized by the second selector bits: empty (erase), short, or long.
            let sizes = [0, 12, 137, 300]
            let size = sizes[Int(selector >> 4) % sizes.count]
            let message = NDEFText.message(size: size)
            // From all of memory, and from the prefix `Type2Tag.write` reads (pages past it are
            // written unread).
            // The workflow often reads everything (a short image, a message reaching its end): plan
            // once then, not twice from the same bytes.
            let prefix = WorkflowRead.prefix(of: memory, model: model, messageLength: message.count)
            for read in prefix.count == memory.count ? [memory] : [memory, prefix] {
                let planning = Type2Snapshot(memory: read, model: model, stopAfterNDEF: true)
                guard let plan = try? Type2WritePlan.make(message: message, snapshot: planning) else { continue }
                let areaEnd = planning.walk?.area.end ?? 0
                if let outside = plan.writes.first(where: { $0.bytes.count != 4 || $0.page * 4 >= areaEnd }) {
                    violated("write to page \(outside.page) outside the data area", input)
                }
                // Pages past the end of the input do not exist on this "tag": it would refuse the
                // write (NAK), which the workflow reports as an interrupted write.
                if plan.writes.contains(where: { $0.page * 4 + 4 > memory.count }) { continue }
                var applied = memory
                for write in plan.writes {
                    applied.replaceSubrange(write.page * 4..<write.page * 4 + 4, with: write.bytes)
                }
                if Array(applied.prefix(plan.finalMemory.count)) != plan.finalMemory {
                    violated("writes do not produce the plan's final memory (\(read.count) bytes read)", input)
                }
                if Type2Snapshot(memory: applied, model: model).ndef?.message != message {
                    violated("the written memory does not read back the message (\(read.count) bytes read)", input)
                }
            }
        }
    }

    /// The memory prefix `Type2Tag.write` has read when it plans: 8 header pages, 16-byte steps
    /// until the NDEF TLV is read whole, then until what the plan needs is read.
    enum WorkflowRead {
        static func prefix(of memory: [UInt8], model: TagModel?, messageLength: Int) -> [UInt8] {
            var count = min(memory.count, 32)
            var snapshot = Type2Snapshot(memory: Array(memory.prefix(count)), model: model, stopAfterNDEF: true)
            while case .notRead(let upTo) = snapshot.walk?.problem, count < memory.count {
                count = min(memory.count, max(count + 16, (upTo + 15) / 16 * 16))
                snapshot = Type2Snapshot(memory: Array(memory.prefix(count)), model: model, stopAfterNDEF: true)
            }
            for _ in 0..<4 {
                let needed = min(
                    memory.count, Type2WritePlan.memoryNeeded(messageLength: messageLength, snapshot: snapshot))
                guard needed > count else { break }
                count = needed
                snapshot = Type2Snapshot(memory: Array(memory.prefix(count)), model: model, stopAfterNDEF: true)
            }
            return Array(memory.prefix(count))
        }
    }

    /// A valid NDEF message of exactly `size` bytes (0 = none).
    enum NDEFText {
        static func message(size: Int) -> [UInt8] {
            guard size > 0 else { return [] }
            if size < 3 + 256 {
                // Short record, TNF 1, type "T": header + type length + payload length + type.
                let payload = size - 4
                return [0xD1, 0x01, UInt8(payload), 0x54] + [0x02, 0x65, 0x6E]
                    + [UInt8](repeating: 0x61, count: payload - 3)
            }
            let payload = size - 7
            return [0xC1, 0x01, 0, 0, UInt8(payload >> 8), UInt8(payload & 0xFF), 0x54] + [0x02, 0x65, 0x6E]
                + [UInt8](repeating: 0x61, count: payload - 3)
        }
    }
#endif
