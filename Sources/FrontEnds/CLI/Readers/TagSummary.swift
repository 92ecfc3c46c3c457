import PCSCTransport
import TagCatalog
import TagTransport
import TagWorkflows
import TapCardSupport

/// What `watch` and `readers --scan` print for a tag on a reader: its UID, what it is, and the
/// figures it reports about itself (GET_VERSION, the capability container, the NDEF TLV length).
/// Every figure here was read from the tag; nothing is assumed.
struct TagSummary {
    var reader: String
    var atr: [UInt8]
    var kind: CardKind
    var uid: [UInt8]?
    /// The model whose GET_VERSION answer matches the tag's, when the reader could ask.
    var model: TagModel?
    /// Page 3 (Type 2) as read.
    var capabilityContainer: [UInt8]?
    /// The NDEF message length from the NDEF TLV (Type 2, Type 5) or NLEN (Type 4).
    var ndefLength: Int?
    /// The NDEF file's size from a Type 4 tag's CC file.
    var ndefFileSize: Int?
    /// Why a figure is missing (a reader without pass-through, a refused read).
    var notes: [String] = []

    static func read(_ session: PCSCTagSession) async -> TagSummary {
        var summary = TagSummary(reader: session.readerName, atr: session.atr, kind: session.kind)
        let transport = session.transport
        summary.uid = try? await transport.uid()
        if session.kind.isType2 {
            do {
                let version = try await transport.transceive([0x60])
                summary.model = Self.model(forVersion: version)
                if summary.model == nil {
                    summary.notes.append("GET_VERSION answered \(Hex.encode(version, separator: " ")), no known model")
                }
            } catch {
                summary.notes.append("no GET_VERSION: \(error.sentence)")
            }
            do {
                let pages = try await transport.transceive([0x30, 0x03])
                summary.capabilityContainer = Array(pages.prefix(4))
                summary.ndefLength = Self.ndefTLVLength(Array(pages.dropFirst(4)))
            } catch {
                summary.notes.append("reading pages 3–6 failed: \(error.sentence)")
            }
        } else if case .isoDep = session.kind {
            do {
                let report = try await Type4Tag(channel: session.isoDepCard, uid: summary.uid).read()
                summary.model = report.identification.model
                summary.ndefLength = report.snapshot?.messageLength
                summary.capabilityContainer = report.snapshot?.capabilityContainerBytes
                summary.ndefFileSize = report.snapshot?.capabilityContainer.ndefFile.maximumSize
            } catch {
                summary.notes.append((error as? any TapCardError)?.sentence ?? String(describing: error))
            }
        } else if let channel = session.iso15693 {
            do {
                let report = try await Type5Tag(channel: channel).read()
                summary.uid = report.uid
                summary.model = report.identification.model
                summary.capabilityContainer = report.snapshot.cc?.bytes ?? Array(report.snapshot.memory.prefix(4))
                summary.ndefLength = report.snapshot.ndef?.length ?? (report.snapshot.isFormatted ? 0 : nil)
            } catch {
                summary.notes.append((error as? any TapCardError)?.sentence ?? String(describing: error))
            }
        }
        return summary
    }

    /// The model a GET_VERSION answer names, by the catalog's one rule (the one `info` and
    /// `sim import` use), so `watch` names an NTAG213F or an NTAG I2C plus as they do.
    static func model(forVersion version: [UInt8]) -> TagModel? {
        TagModel.identified(byVersion: version)
    }

    /// The length of the first NDEF TLV (type 03) in the data area's first bytes, skipping NULL
    /// TLVs and the lock/memory control TLVs (NFC Forum Type 2 Tag §2.3). `nil` when not found there.
    static func ndefTLVLength(_ bytes: [UInt8]) -> Int? {
        var reader = ByteReader(bytes)
        while let type = reader.readByte() {
            switch type {
            case 0x00: continue
            case 0xFE: return nil
            case 0x03:
                guard let first = reader.readByte() else { return nil }
                if first != 0xFF { return Int(first) }
                return reader.readUInt16BE().map(Int.init)
            default:
                guard let length = reader.readByte(), reader.skip(Int(length)) else { return nil }
            }
        }
        return nil
    }

    /// One line for people.
    var line: String {
        var parts: [String] = []
        parts.append(uid.map { "UID " + Hex.encode($0, uppercase: true, separator: ":") } ?? "UID unknown")
        if let model {
            parts.append(
                "\(model.displayName) (by \(kind.isType2 ? "GET_VERSION" : kind.isISO15693 ? "its UID" : "SELECT and GetVersion"))"
            )
        } else {
            parts.append(kind.summary)
        }
        if let size = ndefFileSize {
            parts.append("NDEF file \(size) bytes (from the tag's CC file)")
        } else if let cc = capabilityContainer, cc.count == 4, cc[0] == 0xE1 {
            parts.append("data area \(Int(cc[2]) * 8) bytes (from the tag's CC)")
        } else if let cc = capabilityContainer {
            parts.append("no NDEF capability container (page 3: \(Hex.encode(cc, uppercase: true, separator: " ")))")
        }
        if let ndefLength { parts.append("NDEF message \(ndefLength) bytes") }
        parts.append("reader '\(reader)'")
        return parts.joined(separator: ", ")
    }

    var json: JSON {
        .object([
            ("reader", .string(reader)),
            ("atr", .string(Hex.encode(atr))),
            ("kind", .string(kind.summary)),
            ("uid", TagJSON.uid(bytes: uid)),
            (
                "chip",
                model.map {
                    TagJSON.chip(
                        model: $0, identifiedBy: kind.isType2 ? "GET_VERSION" : kind.isISO15693 ? "UID" : "GetVersion")
                }
                    ?? .null
            ),
            ("capability_container", capabilityContainer.map { .string(Hex.encode($0)) } ?? .null),
            ("ndef_length", ndefLength.map { .int($0) } ?? .null),
            ("notes", .array(notes.map { .string($0) })),
        ])
    }
}
