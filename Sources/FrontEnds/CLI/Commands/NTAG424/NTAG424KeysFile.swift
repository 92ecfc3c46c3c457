import TagEmulator
import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys file of `ntag424 keys`: created with mode 0600 by open(2) itself (never a wider
/// moment), refused when it exists, written before the first ChangeKey with every key *pending*,
/// and rewritten (a new 0600 copy renamed over it) after the run with what the tag holds per key.
/// It keeps each key's new and old value, so `ntag424 keys --resume FILE` can finish an
/// interrupted run from it.
///
/// ```
/// # NTAG 424 DNA keys of UID 04…, version 1
/// # pending: written before the first ChangeKey; no key is known to be changed yet.
/// key1=<new value>
/// old1=<old value>
/// tag1=pending        (then new | old | uncertain | neither)
/// ```
enum NTAG424KeysFile {
    /// What the tag holds for one key, as far as the run proved it.
    enum State: String, CaseIterable {
        /// Written before the first ChangeKey: not known yet.
        case pending
        /// The new value, proven (key 0 authenticated with it; keys 1–4: a ChangeKey accepted).
        case new
        /// The old value: the key was not changed.
        case old
        /// A tear cut its ChangeKey or its check: old or new, try the new one first.
        case uncertain
        /// The tag refused its change: it holds neither the old value given nor the new one.
        case neither
    }

    struct Failure: TapCardError, Equatable {
        let path: String
        let errno: Int32
        var origin: ErrorOrigin { .input }
        var sentence: String {
            errno == EEXIST
                ? "\(path) exists; TapCard never overwrites a keys file. Nothing was sent to the tag."
                : "Cannot create \(path): \(SystemErrorText.reason(errno)) (errno \(errno)). Nothing was sent to the tag."
        }
    }

    /// A keys file that cannot be read back for --resume.
    struct Unreadable: TapCardError, Equatable {
        let path: String
        let reason: String
        var origin: ErrorOrigin { .input }
        var sentence: String { "\(path) is not a keys file TapCard can resume from: \(reason). Nothing was sent." }
    }

    /// What a keys file holds.
    struct Contents: Equatable {
        var newKeys: [Int: [UInt8]]
        var oldKeys: [Int: [UInt8]]
        var states: [Int: State]
    }

    static func text(
        _ keys: [Int: [UInt8]], old: [Int: [UInt8]] = [:], states: [Int: State] = [:], version: UInt8, uid: [UInt8]?
    ) -> String {
        var lines = [
            "# NTAG 424 DNA keys\(uid.map { " of UID " + Hex.encode($0, uppercase: true) } ?? ""), version \(version)"
        ]
        let all = keys.keys.map { states[$0] ?? .pending }
        if all.contains(.pending) {
            lines.append("# pending: written before the first ChangeKey; no key is known to be changed yet.")
        } else if all.allSatisfy({ $0 == .new }) {
            lines.append("# done: every key below holds its new value on the tag (proven by the tag).")
        } else if all.contains(.neither) {
            lines.append(
                "# refused: tagN=neither means the tag holds neither keyN nor oldN; put the tag's key in oldN, then --resume THIS-FILE."
            )
        } else {
            lines.append(
                "# unfinished: tagN= says what the tag holds; tapcard ntag424 keys --resume THIS-FILE finishes the change."
            )
        }
        for number in keys.keys.sorted() {
            lines.append("key\(number)=\(Hex.encode(keys[number]!, uppercase: true))")
            lines.append("old\(number)=\(Hex.encode(old[number] ?? [UInt8](repeating: 0, count: 16), uppercase: true))")
            lines.append("tag\(number)=\((states[number] ?? .pending).rawValue)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a file `text` wrote (keys without `old`/`tag` lines, from before, are read too).
    static func parse(_ text: String, path: String) throws(Unreadable) -> Contents {
        var contents = Contents(newKeys: [:], oldKeys: [:], states: [:])
        for (index, raw) in text.split(separator: "\n").enumerated() {
            let line = String(raw.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let kind = ["key", "old", "tag"].first(where: { parts[0].hasPrefix($0) }),
                let number = Int(parts[0].dropFirst(3)), (0...4).contains(number)
            else { throw Unreadable(path: path, reason: "line \(index + 1) is not keyN=, oldN= or tagN= (N 0-4)") }
            if kind == "tag" {
                guard let state = State(rawValue: parts[1]) else {
                    throw Unreadable(path: path, reason: "line \(index + 1): \(parts[1]) is not a key state")
                }
                contents.states[number] = state
                continue
            }
            guard let bytes = try? Hex.decode(parts[1]), bytes.count == 16 else {
                throw Unreadable(path: path, reason: "line \(index + 1) does not hold 16 bytes of hex")
            }
            if kind == "key" { contents.newKeys[number] = bytes } else { contents.oldKeys[number] = bytes }
        }
        guard !contents.newKeys.isEmpty else { throw Unreadable(path: path, reason: "it holds no keyN= line") }
        return contents
    }

    /// Creates `path` (0600 from its first byte, refused when it exists or is a symbolic link)
    /// holding `text`, through the one writer of created files (``FileBytes/create(_:at:replacing:secret:)``).
    static func write(_ text: String, to path: String) throws {
        if try FileBytes.creationTarget(path) == .file { throw Failure(path: path, errno: EEXIST) }
        try FileBytes.create(Array(text.utf8), at: path, replacing: false, secret: true)
    }

    /// Replaces `path` with `text`: a new 0600 copy beside it, flushed, put in its place, so the
    /// file always holds either the old or the new states, never half of them. A symbolic link
    /// put there meanwhile is refused, not written through.
    static func replace(_ path: String, with text: String) throws {
        try FileBytes.create(Array(text.utf8), at: path, replacing: true, secret: true)
    }
}
