import CommandLineKit
import TapCardCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let io = ProcessIO()
let status = await CLI.run(Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(status)
