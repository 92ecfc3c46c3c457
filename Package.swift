// swift-tools-version: 6.0
// TapCard: an NFC tag toolkit. The folders under Sources/ name the layers:
//   Support → Codecs → TagMappings → Transports / Persistence → Workflows → FrontEnds.
// A lower layer never imports a higher one: every target below states its layer, and the
// manifest refuses to load when a target depends on a higher layer or on something the design
// forbids (`checkArchitecture` at the end). scripts/check-imports.sh checks the imports against
// these declarations.
import PackageDescription

/// Every target compiles in Swift 6 language mode (strict concurrency). Async functions run on
/// their caller's actor unless they say otherwise, so a transport created on one actor can be
/// handed to a workflow without crossing isolation domains.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

/// The layers, lowest first. A target may depend on its own layer and the ones below, never above.
enum Layer: Int, Comparable, CustomStringConvertible {
    /// Bytes, hex, the error contract. No I/O.
    case support
    /// NDEF, vCard, MeCard. No I/O.
    case codecs
    /// Tag models and their datasheet facts, the NFC Forum mappings, originality signatures.
    case tagMappings
    /// "Send a command to a tag" (emulator, PC/SC, CoreNFC and its stand-in) and the store.
    case transports
    /// Operations over any transport, returning typed reports; focus sessions; cards. No printing.
    case workflows
    /// The CLI and the phone's view models.
    case frontEnds
    /// Test targets, their helpers and the fuzz targets: they may use every layer, nothing uses them.
    case tests

    static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rawValue < rhs.rawValue }

    var description: String {
        let names = [
            "support", "codecs", "tag mappings", "transports and persistence", "workflows", "front ends", "tests",
        ]
        return "layer \(rawValue), \(names[rawValue])"
    }
}

/// A target and the layer it belongs to.
struct Layered {
    let target: Target
    let layer: Layer
}

func library(
    _ name: String, _ path: String, layer: Layer, _ dependencies: [Target.Dependency] = [],
    extraSettings: [SwiftSetting] = []
) -> Layered {
    Layered(
        target: .target(
            name: name, dependencies: dependencies, path: "Sources/\(path)", swiftSettings: settings + extraSettings),
        layer: layer)
}

/// The test clock (`TAPCARD_TEST_NOW`, `TAPCARD_TEST_MONOTONIC`) is compiled into debug builds
/// only, where the tests run: a release binary has no code that reads them, so no environment
/// variable can move the clock a focus session is judged by.
let testClock: [SwiftSetting] = [.define("TAPCARD_TEST_CLOCK", .when(configuration: .debug))]

func tests(_ name: String, _ path: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil)
    -> Layered
{
    Layered(
        target: .testTarget(
            name: name, dependencies: dependencies, path: "Tests/\(path)", resources: resources,
            swiftSettings: settings),
        layer: .tests)
}

var layered: [Layered] = [
    // 0. Support.
    library("TapCardSupport", "Support/TapCardSupport", layer: .support),
    // AES-128, AES-CMAC, the NTAG 424 CRC32 and constant-time comparison (no outside package).
    // Behind one interface (AESContext) it runs on the platform's AES: OpenSSL's libcrypto through
    // dlopen on Linux (hence libdl), CommonCrypto on Apple platforms; its own AES is the fallback.
    Layered(
        target: .target(
            name: "Ciphers", path: "Sources/Support/Ciphers", swiftSettings: settings,
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        layer: .support),

    // 1. Codecs.
    library("NDEF", "Codecs/NDEF", layer: .codecs, ["TapCardSupport"]),
    library("Contacts", "Codecs/Contacts", layer: .codecs, ["TapCardSupport"]),
    // Command and response frames of the four air technologies (APDUs, ISO 15693, FeliCa) and the
    // labels errors name commands by: the mappings build them, the channels carry them.
    library("TagFrames", "Codecs/TagFrames", layer: .codecs, ["TapCardSupport"]),
    // QR codes in byte mode (ISO/IEC 18004), versions 1–40, and their SVG drawing: the card page's
    // code of its own URL.
    library("QRCode", "Codecs/QRCode", layer: .codecs, ["TapCardSupport"]),
    // A decoded NDEF message as JSON v1 and as words (what `tapcard decode` prints), and the
    // streaming engine behind `decode --jsonl`: a codec any program can link to speak the same JSON.
    library("MessageRendering", "Codecs/MessageRendering", layer: .codecs, ["NDEF", "TapCardSupport"]),

    // 2. Tag mappings: the catalog holds every datasheet fact once; the mappings interpret them.
    library("TagCatalog", "TagMappings/TagCatalog", layer: .tagMappings, ["TapCardSupport"]),
    // The TLV grammar Type 2 and Type 5 share: the walk, the data area, control TLVs (Type 2 only).
    library("TLVArea", "TagMappings/TLVArea", layer: .tagMappings),
    // SUN (Secure Unique NFC) verification as a backend does it, and the URL template vocabulary
    // the tag is set up from: a library a Swift server links on its own (product TapCardSUN),
    // needing nothing but Ciphers and TapCardSupport.
    library("SUN", "TagMappings/SUN", layer: .tagMappings, ["TapCardSupport", "Ciphers", "NDEF"]),
    // Ciphers for MIFARE Ultralight C's 3DES authentication (NXP/UltralightC).
    library(
        "Type2", "TagMappings/Type2", layer: .tagMappings, ["TapCardSupport", "Ciphers", "TagCatalog", "TLVArea"]),
    library("Originality", "TagMappings/Originality", layer: .tagMappings, ["TapCardSupport"]),
    // NFC Forum Type 4: CC and NDEF files, NLEN, chunking, access conditions; NXP/NTAG424 for the chip.
    library(
        "Type4", "TagMappings/Type4", layer: .tagMappings,
        ["TapCardSupport", "Ciphers", "TagFrames", "TagCatalog", "NDEF", "SUN"]),

    // NFC Forum Type 5 (ISO/IEC 15693): CC, system info, the TLV area, block plans; NXP/ and ST/ for chips.
    library(
        "Type5", "TagMappings/Type5", layer: .tagMappings, ["TapCardSupport", "TagFrames", "TagCatalog", "TLVArea"]),
    // NFC Forum Type 3 (FeliCa): the attribute information block, Check/Update, the WriteF commit; Sony/ for chips.
    library("Type3", "TagMappings/Type3", layer: .tagMappings, ["TapCardSupport", "TagFrames", "TagCatalog"]),
    // MIFARE Classic 1K/4K: geometry, sector trailers and access bits, the MAD (AN10787) and NDEF
    // per AN1304 (the area reader over TLVArea, the format plan). Pure data: no transport.
    library("MIFAREClassic", "TagMappings/MIFAREClassic", layer: .tagMappings, ["TapCardSupport", "TLVArea"]),

    // 3. Transports and persistence.
    library("TagTransport", "Transports/TagTransport", layer: .transports, ["TapCardSupport", "TagFrames"]),
    // The emulator reads the catalog's facts and answers frames with its own code; it never uses
    // a mapping (the deny list below), so the emulator and the mapping can still catch each other.
    library(
        "TagEmulator", "Transports/Emulator", layer: .transports,
        ["TapCardSupport", "Ciphers", "TagTransport", "TagCatalog", "TagFrames"]),
    // PC/SC readers (libpcsclite via dlopen on Linux, PCSC.framework on macOS) and the vpcd virtual card.
    Layered(
        target: .target(
            name: "PCSCTransport", dependencies: ["TapCardSupport", "TagFrames", "TagTransport"],
            path: "Sources/Transports/PCSC",
            swiftSettings: settings, linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        layer: .transports),
    // A virtual tag as a card vpcd serves: the one switch from a tag file's kind to its PC/SC
    // bridge, beside the bridges, so `emulate` names no tag type.
    library(
        "ServedCards", "Transports/ServedCards", layer: .transports,
        ["TapCardSupport", "TagCatalog", "TagEmulator", "PCSCTransport"]),
    // The CoreNFC adapter. Its CoreNFC-facing files are wrapped in `#if canImport(CoreNFC)`: on
    // iOS they import Apple's framework; on Linux they import the stand-in below (so they are
    // compiled and tested here); on macOS, which has no CoreNFC, only the plain-Swift parts build.
    // Type2 gives it one home for where each chip keeps its password configuration (a scan
    // reads CFG0/CFG1 after GET_VERSION named the chip), as it does for the emulator.
    library(
        "CoreNFCTransport", "Transports/CoreNFC", layer: .transports,
        [
            "TapCardSupport", "TagFrames", "TagTransport", "TagCatalog", "Type2",
            .target(name: "CoreNFC", condition: .when(platforms: [.linux])),
        ]),
    // A test-only stand-in for Apple's CoreNFC, with the same module name and Swift signatures,
    // so the adapter source compiles unchanged against both. Only ever a dependency on Linux
    // (`condition: .when(platforms: [.linux])`): on Apple platforms nothing builds it, so
    // `import CoreNFC` there always resolves to the system framework. It stands where Apple's
    // framework stands, beside the adapter in the transport layer; the CLI must never reach it.
    Layered(
        target: .target(
            name: "CoreNFC", dependencies: ["TagFrames", "TagTransport"], path: "Tests/StandIns/CoreNFC",
            swiftSettings: settings),
        layer: .transports),
    Layered(target: .systemLibrary(name: "CSQLite", path: "Sources/Persistence/CSQLite"), layer: .transports),
    // The local SQLite store, and SUN counters in PostgreSQL through libpq loaded with dlopen (hence libdl).
    Layered(
        target: .target(
            name: "Store", dependencies: ["TapCardSupport", "CSQLite"], path: "Sources/Persistence/Store",
            swiftSettings: settings, linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        layer: .transports),

    // 4. Workflows.
    library(
        "TagWorkflows", "Workflows/TagWorkflows", layer: .workflows,
        [
            "TapCardSupport", "NDEF", "TagCatalog", "TagFrames", "TLVArea", "Type2", "Type3", "Type4", "Type5",
            "Originality", "TagTransport", "SUN", "MIFAREClassic",
        ]),
    library("Cards", "Workflows/Cards", layer: .workflows, ["TapCardSupport", "NDEF", "Contacts", "TagCatalog"]),
    // The static card site at the other end of a card's link: the page, the .vcf, host headers.
    library(
        "CardPage", "Workflows/CardPage", layer: .workflows,
        ["TapCardSupport", "NDEF", "Contacts", "QRCode", "TagCatalog", "Cards"]),
    library("Focus", "Workflows/Focus", layer: .workflows, ["TapCardSupport"]),
    // Focus sessions over the store (the state machine applied inside one store transaction) and the
    // tag inventory in words: what the phone's screens and `tapcard focus` / `tapcard tags` share, so
    // the CLI needs no view model (and no CoreNFC adapter) to use them.
    library(
        "FocusSessions", "Workflows/FocusSessions", layer: .workflows,
        ["TapCardSupport", "Focus", "Store", "Type4", "SUN"]),
    library(
        "TagInventory", "Workflows/TagInventory", layer: .workflows,
        ["Store", "TapCardSupport", "TagWorkflows", "TagCatalog", "Originality"]),
    // The measurements behind `tapcard bench`: codec throughput, writes on emulated chips against
    // each type's physical minimum, batch provisioning, cold start. Reports as data and JSON v1;
    // any front end may run them.
    library(
        "Benchmarks", "Workflows/Benchmarks", layer: .workflows,
        [
            "TapCardSupport", "NDEF", "Contacts", "Cards", "TagCatalog", "TagEmulator", "TagWorkflows", "Type2",
            "Type4",
        ]),

    // 5. Front ends: view models (tested on Linux) and the CLI.
    library(
        "ViewModels", "FrontEnds/ViewModels", layer: .frontEnds,
        [
            "TapCardSupport", "NDEF", "Contacts", "TagCatalog", "TagTransport", "Type2", "Type3", "Type4",
            "Type5", "Originality", "Cards", "TagWorkflows", "Focus", "FocusSessions", "TagInventory", "Store",
            "CoreNFCTransport", "SUN",
        ]),
    // The command-line layer under tapcard's commands: a command declares its options once
    // (parsing, help, completions and the man page come from it), writes through one I/O, and ends
    // with an exit status. No tag knowledge: the CLI's commands sit on top.
    library("CommandLineKit", "FrontEnds/CommandLineKit", layer: .frontEnds, ["TapCardSupport"]),
    library(
        "TapCardCLI", "FrontEnds/CLI", layer: .frontEnds,
        [
            "CommandLineKit",
            "TapCardSupport", "NDEF", "Contacts", "TagCatalog", "TLVArea", "Type2", "Type3", "Type4", "Type5",
            "Originality", "TagTransport", "TagEmulator", "Store", "TagWorkflows", "Cards", "CardPage", "Focus",
            "FocusSessions",
            "TagInventory", "PCSCTransport", "ServedCards", "SUN", "MessageRendering", "Benchmarks", "MIFAREClassic",
            "TagFrames",
        ], extraSettings: testClock),
    Layered(
        target: .executableTarget(
            name: "tapcard", dependencies: ["CommandLineKit", "TapCardCLI"], path: "Sources/FrontEnds/tapcard",
            swiftSettings: settings),
        layer: .frontEnds),

    // Tests mirror Sources/. TestSupport holds what test targets share (a seeded generator); it
    // depends on nothing, so it sits at the bottom and every test target may use it.
    Layered(
        target: .target(name: "TestSupport", path: "Tests/Support/TestSupport", swiftSettings: settings),
        layer: .support),
    // A child process for the store's crash-safety test: it records sessions in a loop until
    // the test kills it with SIGKILL.
    Layered(
        target: .executableTarget(
            name: "store-crash-child", dependencies: ["Store"], path: "Tests/Persistence/StoreCrashChild",
            swiftSettings: settings),
        layer: .tests),
    tests("TapCardSupportTests", "Support/TapCardSupportTests", ["TapCardSupport", "TestSupport"]),
    tests("NDEFTests", "Codecs/NDEFTests", ["NDEF", "TapCardSupport", "TestSupport"]),
    tests("ContactsTests", "Codecs/ContactsTests", ["Contacts", "TestSupport"]),
    tests("TagFramesTests", "Codecs/TagFramesTests", ["TagFrames", "TestSupport"]),
    tests("QRCodeTests", "Codecs/QRCodeTests", ["QRCode", "TestSupport"]),
    tests(
        "MessageRenderingTests", "Codecs/MessageRenderingTests",
        ["MessageRendering", "NDEF", "TapCardSupport", "TestSupport"]),
    tests("TagCatalogTests", "TagMappings/TagCatalogTests", ["TagCatalog"]),
    tests("CiphersTests", "Support/CiphersTests", ["Ciphers", "TestSupport"]),
    tests("SUNTests", "TagMappings/SUNTests", ["SUN", "Ciphers", "TapCardSupport", "TestSupport"]),
    tests(
        "Type4Tests", "TagMappings/Type4Tests",
        ["Type4", "TagFrames", "TagCatalog", "Ciphers", "TapCardSupport", "TestSupport", "SUN"]),
    tests(
        "Type5Tests", "TagMappings/Type5Tests",
        ["Type5", "TagFrames", "TagCatalog", "TestSupport"]),
    tests("TLVAreaTests", "TagMappings/TLVAreaTests", ["TLVArea", "TestSupport"]),
    tests("MIFAREClassicTests", "TagMappings/MIFAREClassicTests", ["MIFAREClassic", "TLVArea"]),
    tests(
        "Type3Tests", "TagMappings/Type3Tests", ["Type3", "TagFrames", "TagCatalog", "TestSupport"]),
    tests(
        "Type2Tests", "TagMappings/Type2Tests",
        ["Type2", "TLVArea", "TagCatalog", "TapCardSupport", "TestSupport", "Ciphers"]),
    tests("OriginalityTests", "TagMappings/OriginalityTests", ["Originality", "TapCardSupport", "TestSupport"]),
    tests(
        "TagEmulatorTests", "Transports/EmulatorTests",
        [
            "TagEmulator", "TagTransport", "TagCatalog", "TagFrames", "TapCardSupport", "TestSupport", "Ciphers",
            "Type4", "SUN",
        ]),
    tests(
        "PCSCTransportTests", "Transports/PCSCTests",
        ["PCSCTransport", "TagFrames", "TagTransport", "TapCardSupport", "TestSupport"]),
    tests(
        "CoreNFCTransportTests", "Transports/CoreNFCTests",
        [
            "CoreNFCTransport", "TagEmulator", "TagTransport", "TagCatalog", "TapCardSupport", "TagWorkflows",
            "Type2", "NDEF", "TestSupport", "TagFrames",
            .target(name: "CoreNFC", condition: .when(platforms: [.linux])),
        ]),
    tests("StoreTests", "Persistence/StoreTests", ["Store", "TapCardSupport", "TestSupport"]),
    tests(
        "TagWorkflowsTests", "Workflows/TagWorkflowsTests",
        [
            "TagWorkflows", "TagEmulator", "TagTransport", "Type2", "Type3", "Type4", "Type5", "NDEF", "TagCatalog",
            "TestSupport", "TagFrames", "TapCardSupport", "SUN", "MIFAREClassic", "TLVArea",
        ]),
    tests("CardsTests", "Workflows/CardsTests", ["Cards", "Contacts", "NDEF", "TagCatalog", "TestSupport"]),
    tests("CardPageTests", "Workflows/CardPageTests", ["CardPage", "Contacts"]),
    tests("FocusTests", "Workflows/FocusTests", ["Focus", "TestSupport"]),
    tests("FocusSessionsTests", "Workflows/FocusSessionsTests", ["FocusSessions", "Focus", "Store", "TestSupport"]),
    tests("TagInventoryTests", "Workflows/TagInventoryTests", ["TagInventory", "Store"]),
    tests(
        "ViewModelsTests", "FrontEnds/ViewModelsTests",
        [
            "ViewModels", "CoreNFCTransport", "TagEmulator", "TagCatalog", "NDEF", "Cards", "Contacts", "Focus",
            "FocusSessions", "Store", "Type2", "Type3", "Type4", "Type5", "TagWorkflows", "TapCardSupport", "SUN",
            "TagFrames", "TagTransport",
            .target(name: "CoreNFC", condition: .when(platforms: [.linux])),
        ]),
    tests(
        "TapCardCLITests", "FrontEnds/CLITests",
        [
            "CommandLineKit", "TapCardCLI", "NDEF", "Store", "TagCatalog", "TagEmulator", "TagWorkflows",
            "TapCardSupport",
            "TestSupport",
            "Type2", "SUN", "MessageRendering",
        ]),
]

// Fuzzing (scripts/fuzz.sh): libFuzzer targets link the fuzzer runtime, which a plain `swift build`
// must never need, so they exist only when TAPCARD_FUZZ is set. The driver is C because SwiftPM's
// `-parse-as-library` route for a Swift libFuzzer entry point does not link on this toolchain.
if Context.environment["TAPCARD_FUZZ"] != nil {
    layered += [
        Layered(
            target: .target(
                name: "TapCardFuzzTargets",
                dependencies: [
                    "TapCardSupport", "NDEF", "Contacts", "TagCatalog", "Type2", "TagTransport", "TagEmulator",
                    "PCSCTransport", "Cards", "CommandLineKit", "TapCardCLI", "TagFrames", "TLVArea", "Type3", "Type4",
                    "Type5",
                    "TagWorkflows", "SUN", "MessageRendering", "MIFAREClassic",
                ], path: "Fuzz/Targets",
                swiftSettings: settings + [.define("FUZZING")]),
            layer: .tests),
        Layered(
            target: .executableTarget(
                name: "tapcard-fuzz", dependencies: ["TapCardFuzzTargets"], path: "Fuzz/Driver",
                linkerSettings: [.unsafeFlags(["-sanitize=address", "-use-ld=lld"])]),
            layer: .tests),
    ]
}

/// The names a target depends on (other targets of this package, by name or as `.target`).
func dependencyNames(of target: Target) -> [String] {
    target.dependencies.compactMap { dependency in
        switch dependency {
        case .targetItem(let name, _), .byNameItem(let name, _): name
        default: nil
        }
    }
}

// CI's sanitizer steps build only the test targets they run (scripts/ci-extra.sh): with
// TAPCARD_TEST_TARGETS set to a comma-separated list of test targets, the package holds those, the
// targets they depend on, and every executable whose dependencies are all held (the `tapcard` and
// `store-crash-child` processes some tests start). Everything else, and every product left with no
// target, is left out. A name that is no test target stops the manifest, so a renamed suite cannot
// silently drop out of a sanitizer run.
var keptTargets: Set<String>? = nil
if let list = Context.environment["TAPCARD_TEST_TARGETS"] {
    let byName = Dictionary(uniqueKeysWithValues: layered.map { ($0.target.name, $0.target) })
    var kept = Set<String>()
    var queue: [String] = []
    for name in list.split(separator: ",").map({ String($0.filter { $0 != " " }) }) {
        guard byName[name]?.type == .test else {
            fatalError("TAPCARD_TEST_TARGETS names \(name), which is no test target of this package.")
        }
        queue.append(name)
    }
    while let name = queue.popLast() {
        guard kept.insert(name).inserted, let target = byName[name] else { continue }
        queue += dependencyNames(of: target)
    }
    for entry in layered where entry.target.type == .executable {
        if dependencyNames(of: entry.target).allSatisfy(kept.contains) { kept.insert(entry.target.name) }
    }
    layered = layered.filter { kept.contains($0.target.name) }
    keptTargets = kept
}

/// A product's targets among those the package holds.
@MainActor func held(_ targets: [String]) -> [String] {
    guard let keptTargets else { return targets }
    return targets.filter(keptTargets.contains)
}

let allProducts: [Product] =
    [
        .library(
            name: "TapCardKit",
            targets: held([
                "Ciphers", "SUN", "NDEF", "Contacts", "QRCode", "TagFrames", "TagCatalog", "TLVArea", "Type2", "Type3",
                "Type4", "Type5", "MIFAREClassic", "MessageRendering",
                "Originality", "TagTransport", "TagEmulator",
                "PCSCTransport", "Store", "TagWorkflows", "Cards", "CardPage", "Focus", "FocusSessions", "TagInventory",
                "ViewModels", "CoreNFCTransport",
            ])),
        // What a Swift server links to verify SUN URLs: the verifier, its AES, nothing else.
        .library(name: "TapCardSUN", targets: held(["SUN"])),
        // What the iOS app (App/project.yml) links: the phone's modules, without PC/SC or the emulator.
        .library(
            name: "TapCardPhone",
            targets: held([
                "ViewModels", "CoreNFCTransport", "NDEF", "Contacts", "Cards", "TagCatalog", "Focus", "FocusSessions",
                "TagInventory", "Store",
            ])),
    ] + (held(["tapcard"]).isEmpty ? [] : [.executable(name: "tapcard", targets: ["tapcard"])])

let package = Package(
    name: "TapCard",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: allProducts.filter { product in
        (product as? Product.Library)?.targets.isEmpty != true
    },
    targets: layered.map(\.target)
)

/// A dependency the layer rule allows but the design forbids, directly or through other targets.
struct Forbidden {
    let from: String
    let to: [String]
    let why: String
}

/// The layer rule and the deny list, checked every time the manifest loads: a violation makes
/// `swift build` (and every other SwiftPM command) refuse the package with a sentence naming both
/// targets.
func checkArchitecture(_ layered: [Layered]) {
    let layers = Dictionary(uniqueKeysWithValues: layered.map { ($0.target.name, $0.layer) })
    func dependencies(of name: String) -> [String] {
        let target = layered.first { $0.target.name == name }?.target
        return (target?.dependencies ?? []).compactMap { dependency in
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): name
            default: nil
            }
        }
    }
    for entry in layered {
        let name = entry.target.name
        for dependency in dependencies(of: name) {
            guard let layer = layers[dependency] else {
                fatalError("\(name) depends on \(dependency), which is no target of this package with a layer.")
            }
            if layer > entry.layer {
                fatalError(
                    "The layer rule is broken: \(name) (\(entry.layer)) depends on \(dependency) (\(layer)), a higher "
                        + "layer. Move the code it needs down, or \(name) up.")
            }
        }
    }
    // NFC Forum tag type mappings (Type2, Type3, Type4, Type5) by name; TLVArea, the TLV grammar
    // Type 2 and Type 5 share, is named beside them.
    let mappings = layers.keys.filter { $0.count > 4 && $0.hasPrefix("Type") && $0.dropFirst(4).allSatisfy(\.isNumber) }
    let forbidden = [
        Forbidden(
            from: "TagEmulator", to: mappings.sorted() + ["TLVArea", "TagWorkflows"],
            why: "the emulator shares facts with the mappings (TagCatalog), never protocol logic, so that each can "
                + "catch the other's mistakes"),
        Forbidden(
            from: "CoreNFC", to: mappings.sorted() + ["TLVArea", "TagWorkflows"],
            why: "the CoreNFC stand-in's NDEF mappings (StandInType2, StandInType4) play iOS's part independently "
                + "of TapCard's, so that each can catch the other's mistakes"),
        Forbidden(
            from: "TapCardCLI", to: ["CoreNFCTransport", "CoreNFC", "ViewModels"],
            why: "no CLI build may reach the CoreNFC adapter or its test stand-in (Tests/StandIns/CoreNFC)"),
    ]
    for rule in forbidden {
        // Breadth-first from the target, remembering how each target was reached.
        var via: [String: String] = [rule.from: rule.from]
        var queue = [rule.from]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            for next in dependencies(of: current) where via[next] == nil {
                via[next] = current
                queue.append(next)
            }
        }
        for target in rule.to where via[target] != nil {
            var path = [target]
            while let last = path.last, last != rule.from, let previous = via[last] { path.append(previous) }
            fatalError(
                "\(rule.from) must not depend on \(target) (it does: \(path.reversed().joined(separator: " → "))): "
                    + "\(rule.why).")
        }
    }
}

checkArchitecture(layered)
