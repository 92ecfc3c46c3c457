import TagFrames

extension Type4StatusError {
    /// Checks the answer to a native NTAG 424 DNA command (CLA 90): `91 00` is the last frame,
    /// `91 AF` says more frames follow (GetVersion parts 1 and 2), anything else is the tag's
    /// refusal with the datasheet's meaning (`91 9D` permission denied, `91 F0` file not found…).
    public static func checkNative(_ response: ResponseAPDU, command: CommandAPDU, fileNumber: UInt8?)
        throws(Type4StatusError) -> (data: [UInt8], more: Bool)
    {
        switch response.status {
        case .nativeSuccess: return (response.data, false)
        case .additionalFrame: return (response.data, true)
        default: throw .nativeRefused(command: command.label, fileNumber: fileNumber, status: response.status)
        }
    }
}
