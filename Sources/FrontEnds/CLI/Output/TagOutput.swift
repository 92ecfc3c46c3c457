import CommandLineKit
import TagEmulator
import TagWorkflows
import TapCardSupport

/// Prints what a verb found or did, for any tag: the one place that switches over the per-type
/// detail (``TagDetail``), handing it to that type's printer in `Output/Details/`. A new tag type
/// is a compile error here until it has printers.
enum TagOutput {
    /// A `read` or an `info`, as JSON or text.
    static func report(_ report: TagReport, label: String, json: Bool, io: some CommandIO) {
        if json {
            io.printJSON(reportJSON(report, label: label))
        } else {
            for line in reportText(report, label: label) { io.print(line) }
        }
    }

    static func reportJSON(_ report: TagReport, label: String) -> JSON {
        switch report.detail {
        case .type2Read(let read): TagJSON.read(read, path: label)
        case .type2Inspection(let inspection): TagJSON.inspection(inspection, path: label)
        case .type3Read(let read): Type3JSON.read(read, path: label)
        case .type3Inspection(let inspection): Type3JSON.inspection(inspection, path: label)
        case .type4Read(let read): Type4JSON.read(read, path: label)
        case .type4Inspection(let inspection): Type4JSON.inspection(inspection, path: label)
        case .type5Read(let read): Type5JSON.read(read, path: label)
        case .type5Inspection(let inspection): Type5JSON.inspection(inspection, path: label)
        case .classicRead(let read): ClassicJSON.read(read, path: label)
        case .classicInspection(let inspection): ClassicJSON.inspection(inspection, path: label)
        }
    }

    static func reportText(_ report: TagReport, label: String) -> [String] {
        switch report.detail {
        case .type2Read(let read): Type2Text.read(read, path: label)
        case .type2Inspection(let inspection): TagText.inspection(inspection, path: label)
        case .type3Read(let read): Type3Text.read(read, path: label)
        case .type3Inspection(let inspection): Type3Text.inspection(inspection, path: label)
        case .type4Read(let read): Type4Text.read(read, path: label)
        case .type4Inspection(let inspection): Type4Text.inspection(inspection, path: label)
        case .type5Read(let read): Type5Text.read(read, path: label)
        case .type5Inspection(let inspection): Type5Text.inspection(inspection, path: label)
        case .classicRead(let read): ClassicText.read(read, path: label)
        case .classicInspection(let inspection): ClassicText.inspection(inspection, path: label)
        }
    }

    /// A completed `write` or `erase`. With `--quiet` the text summary is left out: the exit
    /// status says it all.
    static func write(_ outcome: TagWriteOutcome, label: String, json: Bool, io: some CommandIO) {
        if json {
            io.printJSON(writeJSON(outcome, label: label))
            return
        }
        if io.style.quiet { return }
        let lines: [String] =
            switch outcome.detail {
            case .type2(let report): TagWriteRunner.lines(report, path: label)
            case .type3(let report): Type3Text.write(report, path: label)
            case .type4(let report): Type4Text.write(report, path: label)
            case .type5(let report): Type5Text.write(report, path: label)
            case .classic(let report): ClassicText.write(report, path: label)
            }
        for line in lines { io.print(line) }
    }

    static func writeJSON(_ outcome: TagWriteOutcome, label: String) -> JSON {
        switch outcome.detail {
        case .type2(let report): TagJSON.write(report, path: label)
        case .type3(let report): Type3JSON.write(report, path: label)
        case .type4(let report): Type4JSON.write(report, path: label)
        case .type5(let report): Type5JSON.write(report, path: label)
        case .classic(let report): ClassicJSON.write(report, path: label)
        }
    }

    /// A completed `format` or `lock` (`verb`: "Formatted" or "Locked", for Type 2's summary).
    static func management(_ outcome: TagManagementOutcome, verb: String, label: String, json: Bool, io: some CommandIO)
    {
        if json {
            let document: JSON =
                switch outcome.detail {
                case .type2(let report): TagJSON.pageOperation(report, path: label)
                case .type3Format(let report): Type3JSON.format(report, path: label)
                case .type3Lock(let report): Type3JSON.lock(report, path: label)
                case .type4Lock(let report): Type4JSON.lock(report, path: label)
                case .desfireFormat(let report): Type4JSON.desfireFormat(report, path: label)
                case .type5Format(let report): Type5JSON.format(report, path: label)
                case .type5Lock(let report): Type5JSON.lock(report, path: label)
                case .classicFormat(let report): ClassicJSON.format(report, path: label)
                case .classicLock(let report): ClassicJSON.lock(report, path: label)
                }
            io.printJSON(document)
            return
        }
        let lines: [String] =
            switch outcome.detail {
            case .type2(let report): io.style.quiet ? [] : Type2Text.management(report, verb: verb, path: label)
            case .type3Format(let report): Type3Text.format(report, path: label)
            case .type3Lock(let report): Type3Text.lock(report, path: label)
            case .type4Lock(let report): Type4Text.lock(report, path: label)
            case .desfireFormat(let report): Type4Text.desfireFormat(report, path: label)
            case .type5Format(let report): Type5Text.format(report, path: label)
            case .type5Lock(let report): Type5Text.lock(report, path: label)
            case .classicFormat(let report): ClassicText.format(report, path: label)
            case .classicLock(let report): [ClassicText.title(label)] + report.summaryLines
            }
        for line in lines { io.print(line) }
    }

    /// What `sim new|show|import` says about a virtual tag of any type.
    static func virtualTag(_ tag: VirtualTag, path: String, headerUID: [UInt8]? = nil) -> any VirtualTagSummary {
        switch tag {
        case .type2(let tag): SimSummary(path: path, tag: tag, headerUID: headerUID)
        case .type3(let tag): Type3SimSummary(path: path, tag: tag)
        case .type4(let tag): Type4SimSummary(path: path, tag: tag)
        case .type5(let tag): Type5SimSummary(path: path, tag: tag)
        case .classic(let tag): ClassicSimSummary(path: path, tag: tag)
        }
    }
}
