import TagCatalog
import TapCardSupport
import Type4

/// Why TapCard will not write this Type 4 tag's NDEF file, decided before any write command.
public enum Type4WriteRefusal: TapCardError, Equatable {
    /// The NTAG 424 DNA's file settings (GetFileSettings of file `fileNumber`, NDEF file `file`)
    /// allow writing only after authenticating: its write and read-write access are these
    /// conditions (e.g. after `ntag424 sdm setup`, which leaves them key 0). Plain UPDATE BINARY
    /// would be refused with `69 82` part-way through.
    case writeNeedsKey(file: UInt16, fileNumber: UInt8, write: String, readWrite: String)
    /// Secure Dynamic Messaging is on for the file and mirrors into it from `mirrorStart`, inside
    /// the `messageEnd` bytes the write would make (NLEN and the message): every read would show
    /// the mirror over the new message.
    case sdmMirrorInside(file: UInt16, fileNumber: UInt8, messageEnd: Int, mirrorStart: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .writeNeedsKey(let file, let fileNumber, let write, let readWrite):
            let name = Hex.encode([UInt8(file >> 8), UInt8(file & 0xFF)], uppercase: true)
            return
                "The NTAG 424 DNA's NDEF file \(name) (file \(fileNumber)) can be written only after authenticating: its file settings say write access \(write), read-write access \(readWrite). Give that key as --auth-key N=HEX32 (N the key number). Nothing was written."
        case .sdmMirrorInside(let file, let fileNumber, let messageEnd, let mirrorStart):
            let name = Hex.encode([UInt8(file >> 8), UInt8(file & 0xFF)], uppercase: true)
            return
                "The NTAG 424 DNA's NDEF file \(name) (file \(fileNumber)) has Secure Dynamic Messaging on, mirroring into it from byte \(mirrorStart); the new message would fill bytes 0 to \(messageEnd - 1), so every read would show the mirror over it. Write a SUN URL with 'tapcard ntag424 sdm setup', or a message shorter than \(max(0, mirrorStart - 2)) bytes. Nothing was written."
        }
    }
}
