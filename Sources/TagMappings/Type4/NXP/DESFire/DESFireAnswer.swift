import TagFrames

/// Total readers of DESFire native answers that span frames or carry numbers: the frames of one
/// command (every one but the last ends in `91 AF`, the last in `91 00`), GetApplicationIDs,
/// GetDFNames, GetISOFileIDs and GetFreeMemory.
public enum DESFireAnswer {
    /// The data of one command's answer frames, joined, after checking their status words.
    /// `command` names it in an error ("GetApplicationIDs").
    public static func join(_ frames: [ResponseAPDU], command: String) -> Result<[UInt8], DESFireParseError> {
        guard !frames.isEmpty else { return .failure(.noFrames(command: command)) }
        var data: [UInt8] = []
        for (index, frame) in frames.enumerated() {
            let expected: StatusWord = index == frames.count - 1 ? .nativeSuccess : .additionalFrame
            guard frame.status == expected else {
                return .failure(.frameStatus(command: command, frame: index + 1, status: frame.status.value))
            }
            data += frame.data
        }
        return .success(data)
    }

    /// GetApplicationIDs: the AIDs in the order answered (3 bytes each, least significant first),
    /// from one or more frames. No application gives an empty list.
    public static func applicationIDs(_ frames: [ResponseAPDU]) -> Result<[DESFireApplicationID], DESFireParseError> {
        join(frames, command: DESFireInstruction.getApplicationIDs.name).flatMap { data in
            guard data.count % 3 == 0 else { return .failure(.applicationIDsLength(bytes: data.count)) }
            return .success(
                stride(from: 0, to: data.count, by: 3).map {
                    DESFireApplicationID(wire: data[$0], data[$0 + 1], data[$0 + 2])
                })
        }
    }

    /// GetDFNames: one entry a frame, each AID (3 bytes, LSB first) ‖ ISO DF identifier (2 bytes,
    /// LSB first) ‖ DF name (0…16 bytes). A card with no such application answers one empty frame.
    public static func dfNames(_ frames: [ResponseAPDU]) -> Result<[DESFireDFName], DESFireParseError> {
        if case .failure(let error) = join(frames, command: DESFireInstruction.getDFNames.name) {
            return .failure(error)
        }
        if frames.count == 1, frames[0].data.isEmpty { return .success([]) }
        var names: [DESFireDFName] = []
        for (index, frame) in frames.enumerated() {
            let data = frame.data
            guard (5...21).contains(data.count) else {
                return .failure(.dfNameLength(frame: index + 1, bytes: data.count))
            }
            names.append(
                DESFireDFName(
                    application: DESFireApplicationID(wire: data[0], data[1], data[2]),
                    isoFileID: UInt16(data[4]) << 8 | UInt16(data[3]), name: Array(data[5...])))
        }
        return .success(names)
    }

    /// GetISOFileIDs: the identifiers in the order answered (2 bytes each, LSB first).
    public static func isoFileIDs(_ frames: [ResponseAPDU]) -> Result<[UInt16], DESFireParseError> {
        join(frames, command: DESFireInstruction.getISOFileIDs.name).flatMap { data in
            guard data.count % 2 == 0 else { return .failure(.isoFileIDsLength(bytes: data.count)) }
            return .success(stride(from: 0, to: data.count, by: 2).map { UInt16(data[$0 + 1]) << 8 | UInt16(data[$0]) })
        }
    }

    /// GetFreeMemory: the free bytes (0…16777215) from the 3-byte answer, least significant first.
    public static func freeMemory(_ data: [UInt8]) -> Result<Int, DESFireParseError> {
        guard data.count == 3 else { return .failure(.freeMemoryLength(bytes: data.count)) }
        return .success(Int(data[2]) << 16 | Int(data[1]) << 8 | Int(data[0]))
    }
}
