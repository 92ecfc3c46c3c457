import TagCatalog
import TagEmulator
import TapCardSupport
import Type3

/// What `tapcard sim new|show` says about a virtual FeliCa Lite-S: IDm, PMm, the system codes it
/// answers, the MC block in words and the attribute information block. Hardware facts only,
/// straight from the file (no commands are sent).
struct Type3SimSummary: VirtualTagSummary {
    let path: String
    let tag: EmulatedType3Tag

    var memoryConfiguration: FeliCaLiteSMemoryConfiguration {
        FeliCaLiteSMemoryConfiguration(tag.block(FeliCaLiteS.memoryConfiguration) ?? [])
    }

    var attribute: Result<Type3AttributeBlock, Type3AttributeError> {
        Type3AttributeBlock.parse(tag.block(0) ?? [])
    }

    static func systemCode(_ code: UInt16) -> String { Hex.encode([UInt8(code >> 8), UInt8(code & 0xFF)]) }

    func lines(action: String) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let title = "\(tag.model.displayName) virtual tag \(path)"
        var lines = [action.isEmpty ? title : "\(action) \(title)"]
        lines.append("  IDm        \(hex(tag.idm))")
        lines.append("  PMm        \(hex(tag.pmm)) (IC code \(hex([tag.facts.icCode])))")
        lines.append(
            "  Systems    " + tag.systemCodes.map { Self.systemCode($0).uppercased() }.joined(separator: ", "))
        lines.append("  MC         \(hex(memoryConfiguration.bytes))")
        lines += memoryConfiguration.description.map { "             \($0)" }
        switch attribute {
        case .success(let block):
            lines.append(
                "  Attribute  \(hex(block.bytes)): Ver \(block.version >> 4).\(block.version & 0x0F), Nbr \(block.blocksPerCheck), Nbw \(block.blocksPerUpdate), Nmaxb \(block.maximumBlocks) (\(block.capacity) bytes), "
                    + "\(block.isWriteInProgress ? "write in progress (WriteF 0F)" : "WriteF 00"), \(block.isReadOnly ? "read-only" : "read/write"), Ln \(block.length)"
            )
        case .failure(let error):
            lines.append("  Attribute  none: \(error.sentence)")
        }
        return lines
    }

    func json(action: String) -> JSON {
        let mc = memoryConfiguration
        var attributeJSON = JSON.null
        if case .success(let block) = attribute {
            attributeJSON = .object([
                ("bytes", .string(Hex.encode(block.bytes))),
                ("version", .string("\(block.version >> 4).\(block.version & 0x0F)")),
                ("nbr", .int(block.blocksPerCheck)), ("nbw", .int(block.blocksPerUpdate)),
                ("nmaxb", .int(block.maximumBlocks)), ("capacity", .int(block.capacity)),
                ("write_in_progress", .bool(block.isWriteInProgress)), ("read_only", .bool(block.isReadOnly)),
                ("ln", .int(block.length)),
            ])
        }
        return .object([
            ("action", .string(action)),
            ("file", .string(path)),
            ("chip", TagJSON.chip(model: tag.model, identifiedBy: "declared by the virtual tag file")),
            ("idm", .string(Hex.encode(tag.idm))),
            ("pmm", .string(Hex.encode(tag.pmm))),
            ("system_codes", .array(tag.systemCodes.map { .string(Self.systemCode($0)) })),
            (
                "memory_configuration",
                .object([
                    ("bytes", .string(Hex.encode(mc.bytes))),
                    ("ndef_enabled", .bool(mc.isNDEFEnabled)),
                    ("read_only_blocks", .array(mc.readOnlyScratchPads.map(JSON.int))),
                    ("system_blocks_writable", .bool(mc.isMemoryConfigurationWritable)),
                ])
            ),
            ("attribute", attributeJSON),
        ])
    }
}
