/// The TLVs of a Type 2 or Type 5 data area, walked as the NFC Forum T2T and T5T mappings
/// define: NULL and Terminator have no length field; a length byte 0xFF introduces a 2-byte
/// big-endian length; on Type 2, bytes named by Lock and Memory Control TLVs (and the chip's own
/// reserved bytes) are skipped; on Type 5 those TLVs are refused (``ControlTLVs``).
public struct TLVWalk: Sendable, Equatable {
    /// Every TLV found, in order, NULL and Terminator included.
    public var tlvs: [TLV]
    /// The first NDEF TLV, if any (the one readers use).
    public var ndef: NDEFLocation?
    /// The lock and reserved areas the control TLVs named.
    public var controlAreas: [ControlArea]
    /// The data area with every skipped range the walk learned.
    public var area: DataArea
    /// Why the walk stopped early, if it did.
    public var problem: TLVProblem?
    /// Byte offset (from the start of memory) where the NDEF TLV is, or would be written when there is none: the
    /// first TLV (or terminator) after the last Lock/Memory Control TLV, else the first usable byte
    /// after that control TLV. A new NDEF TLV never overwrites a control TLV: a reader
    /// would no longer skip the bytes it names.
    public var ndefSlot: Int?

    /// Walks `memory` (bytes from the start of memory: Type 2 page 0, Type 5 block 0; may stop
    /// short of the area's end, which is reported as ``TLVProblem/notRead(upTo:)``). TLV offsets
    /// are relative to `area.start`. `controlTLVs` says whether Lock/Memory Control TLVs are read
    /// (Type 2) or refused (Type 5). With `stopAfterNDEF`, the walk ends at the first NDEF TLV.
    public static func walk(
        memory: [UInt8], area initialArea: DataArea, controlTLVs: ControlTLVs, stopAfterNDEF: Bool = false
    ) -> TLVWalk {
        var result = TLVWalk(
            tlvs: [], ndef: nil, controlAreas: [], area: initialArea, problem: nil, ndefSlot: nil)
        var cursor = initialArea.nextUsable(from: initialArea.start)
        // The first byte after the last Lock/Memory Control TLV met before any NDEF TLV: where a
        // new NDEF TLV goes when no readable one exists.
        var afterControls = initialArea.start
        while let position = cursor {
            guard position < memory.count else {
                result.problem = .notRead(upTo: position + 1)
                break
            }
            let kind = TLV.Kind(typeByte: memory[position])
            let offset = position - initialArea.start
            switch kind {
            case .null:
                result.tlvs.append(TLV(kind: .null, offset: offset, length: 0, lengthFieldBytes: 0, value: []))
                cursor = result.area.nextUsable(from: position + 1)
                continue
            case .terminator:
                result.tlvs.append(
                    TLV(kind: .terminator, offset: offset, length: 0, lengthFieldBytes: 0, value: []))
                if result.ndefSlot == nil { result.ndefSlot = position }
                cursor = nil
                continue
            case .lockControl where controlTLVs == .refused, .memoryControl where controlTLVs == .refused:
                result.problem = .typeNotAllowed(offset: offset, typeByte: kind.typeByte)
                cursor = nil
                continue
            default:
                break
            }
            if kind != .lockControl && kind != .memoryControl, result.ndefSlot == nil {
                result.ndefSlot = position
            }
            // Length field: one byte, or 0xFF and two more.
            guard let lengthPosition = result.area.nextUsable(from: position + 1) else {
                result.problem = .missingLength(offset: offset)
                break
            }
            guard lengthPosition < memory.count else {
                result.problem = .notRead(upTo: lengthPosition + 1)
                break
            }
            var length = Int(memory[lengthPosition])
            var lengthFieldBytes = 1
            var lastLengthPosition = lengthPosition
            if length == 0xFF {
                guard let high = result.area.nextUsable(from: lengthPosition + 1),
                    let low = result.area.nextUsable(from: high + 1)
                else {
                    result.problem = .missingLength(offset: offset)
                    break
                }
                guard low < memory.count else {
                    result.problem = .notRead(upTo: low + 1)
                    break
                }
                length = Int(memory[high]) << 8 | Int(memory[low])
                lengthFieldBytes = 3
                lastLengthPosition = low
            }
            let available = result.area.usableCount(from: lastLengthPosition + 1)
            guard length <= available else {
                result.problem = .lengthBeyondDataArea(offset: offset, length: length, available: available)
                break
            }
            let positions = result.area.positions(from: lastLengthPosition + 1, count: length) ?? []
            if let last = positions.last, last >= memory.count {
                result.problem = .notRead(upTo: last + 1)
                break
            }
            let value = positions.map { memory[$0] }
            var nextCursor = result.area.nextUsable(from: (positions.last ?? lastLengthPosition) + 1)
            switch kind {
            case .lockControl, .memoryControl:
                guard length == 3 else {
                    result.problem = .malformedControl(offset: offset, typeByte: kind.typeByte, length: length)
                    cursor = nil
                    continue
                }
                result.tlvs.append(
                    TLV(kind: kind, offset: offset, length: length, lengthFieldBytes: lengthFieldBytes, value: value))
                if result.ndef == nil {
                    // A control TLV after other TLVs (a proprietary one, say): the NDEF TLV goes
                    // after it, never over it.
                    afterControls = (positions.last ?? lastLengthPosition) + 1
                    result.ndefSlot = nil
                }
                // An area that starts inside bytes already walked (this TLV's own, or an earlier
                // TLV's) cannot be honoured: reader and writer would disagree about where the TLVs
                // are. Valid layouts put lock and reserved bytes after the control TLVs naming them.
                let walkedThrough = (positions.last ?? lastLengthPosition) + 1
                if let control = ControlArea.decode(kind: kind == .lockControl ? .lock : .reserved, value: value),
                    control.byteRange.lowerBound >= walkedThrough
                {
                    result.controlAreas.append(control)
                    result.area.skip(control.byteRange)
                    // The next TLV starts at the first byte that is not reserved, now that this
                    // area is known (it may begin right after this TLV).
                    nextCursor = result.area.nextUsable(from: walkedThrough)
                }
            case .ndef:
                result.tlvs.append(
                    TLV(kind: .ndef, offset: offset, length: length, lengthFieldBytes: lengthFieldBytes, value: []))
                if result.ndef == nil {
                    result.ndef = NDEFLocation(
                        typeAddress: position, lengthAddress: lengthPosition, lengthFieldBytes: lengthFieldBytes,
                        length: length, message: value, dataAreaStart: initialArea.start)
                    if stopAfterNDEF {
                        cursor = nil
                        continue
                    }
                }
            default:
                result.tlvs.append(
                    TLV(kind: kind, offset: offset, length: length, lengthFieldBytes: lengthFieldBytes, value: value))
            }
            cursor = nextCursor
        }
        let unreadable: Bool
        switch result.problem {
        case .none, .notRead: unreadable = false
        case .lengthBeyondDataArea, .missingLength, .typeNotAllowed, .malformedControl: unreadable = true
        }
        if result.ndef == nil, unreadable || (result.ndefSlot == nil && result.problem == nil) {
            // Only control TLVs, NULL padding, or a broken TLV: a (re)write puts the NDEF TLV
            // straight after the control TLVs that could be read. A malformed control TLV names no
            // bytes a reader would skip (readers stop at it), so the NDEF TLV takes its place.
            result.ndefSlot = result.area.nextUsable(from: afterControls)
        }
        return result
    }
}
