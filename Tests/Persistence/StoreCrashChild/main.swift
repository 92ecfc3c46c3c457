// The child the store's crash-safety test kills. It records focus sessions in a tight loop
// (start, then end by tag, timer or emergency), and after each commit appends a line to a log
// file, so the parent knows which changes were committed before the kill.
//
// Usage: store-crash-child DB_PATH LOG_PATH
import Foundation
import Store

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: store-crash-child DB_PATH LOG_PATH\n".utf8))
    exit(64)
}
let log = open(arguments[2], O_WRONLY | O_CREAT | O_APPEND, 0o644)
guard log >= 0 else { exit(73) }

func note(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(log, $0.baseAddress, $0.count) }
}

do {
    let store = try TapCardStore(path: arguments[1])
    note("open")
    let tag = TagKey(uid: [0x04, 0xC0, 0xFF, 0xEE, 0x00, 0x11, 0x80], chip: "ntag213")
    try store.pairTag(tag, profile: "crash", label: nil, location: "test bench", signature: .valid, at: Date())
    // A session left open by the previous (killed) child is closed first, as the app does on launch.
    if let open = try store.latestSession(profile: "crash"), open.endedAt == nil {
        try store.endSession(profile: "crash", SessionEnd(at: max(Date(), open.startedAt), reason: .timer))
        note("end \(open.id)")
    }
    var count = 0
    while true {
        let start = Date()
        let id = try store.startSession(
            SessionStart(
                profile: "crash", tag: tag, at: start, minimumEnd: start.addingTimeInterval(60),
                plannedEnd: start.addingTimeInterval(1_500)))
        note("start \(id)")
        count += 1
        let reason: SessionEndReason = count % 5 == 0 ? .emergency : (count % 7 == 0 ? .timer : .tag)
        try store.endSession(
            profile: "crash", SessionEnd(at: max(Date(), start), reason: reason, by: reason == .tag ? tag : nil))
        note("end \(id)")
    }
} catch {
    FileHandle.standardError.write(Data("store-crash-child: \(error.sentence)\n".utf8))
    exit(70)
}
