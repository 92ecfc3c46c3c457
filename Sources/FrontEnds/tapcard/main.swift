import CommandLineKit
import TapCardCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let io = ProcessIO()
// The arguments' own bytes, not `CommandLine.arguments`, which repairs bytes that are not UTF-8.
let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
    guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
    return Array(
        UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
}
let status = await CLI.run(rawArguments: rawArguments, io: io)
io.flush()
exit(status)
