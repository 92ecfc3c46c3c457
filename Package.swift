// swift-tools-version: 6.0
// TapCard: an NFC tag toolkit. The folders under Sources/ name the layers:
//   Support → Codecs → TagMappings → Transports / Persistence → Workflows → FrontEnds.
// A lower layer never imports a higher one.
import PackageDescription

/// Every target compiles in Swift 6 language mode (strict concurrency). Async functions run on
/// their caller's actor unless they say otherwise, so a transport created on one actor can be
/// handed to a workflow without crossing isolation domains.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

func library(_ name: String, _ path: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Sources/\(path)", swiftSettings: settings)
}

func tests(_ name: String, _ path: String, _ dependencies: [Target.Dependency], resources: [Resource]? = nil) -> Target
{
    .testTarget(
        name: name, dependencies: dependencies + ["TestSupport"], path: "Tests/\(path)", resources: resources,
        swiftSettings: settings)
}

let package = Package(
    name: "TapCard",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(
            name: "TapCardKit",
            targets: [
                "NDEF", "Contacts", "TagCatalog", "Type2", "Originality", "TagTransport", "TagEmulator",
                "PCSCTransport", "Store", "TagWorkflows", "Cards", "Focus", "FocusSessions", "TagInventory",
                "ViewModels",
                "CoreNFCTransport",
            ]),
        // What the iOS app (App/project.yml) links: the phone's modules, without PC/SC or the emulator.
        .library(
            name: "TapCardPhone",
            targets: [
                "ViewModels", "CoreNFCTransport", "NDEF", "Contacts", "Cards", "TagCatalog", "Focus", "FocusSessions",
                "TagInventory", "Store",
            ]),
        .executable(name: "tapcard", targets: ["tapcard"]),
    ],
    targets: [
        // 0. Support: bytes, hex, the error contract. No I/O.
        library("TapCardSupport", "Support/TapCardSupport"),

        // 1. Codecs: NDEF records and messages; vCard 3.0 and MeCard. No I/O.
        library("NDEF", "Codecs/NDEF", ["TapCardSupport"]),
        library("Contacts", "Codecs/Contacts", ["TapCardSupport"]),

        // 2. Tag mappings: tag models and capacity, NFC Forum Type 2, originality signatures.
        library("TagCatalog", "TagMappings/TagCatalog", ["TapCardSupport"]),
        library("Type2", "TagMappings/Type2", ["TapCardSupport", "TagCatalog", "NDEF"]),
        library("Originality", "TagMappings/Originality", ["TapCardSupport"]),

        // 3. Transports ("send a command to a tag") and persistence.
        library("TagTransport", "Transports/TagTransport", ["TapCardSupport"]),
        library("TagEmulator", "Transports/Emulator", ["TapCardSupport", "TagTransport", "TagCatalog"]),
        // PC/SC readers (libpcsclite via dlopen on Linux, PCSC.framework on macOS) and the vpcd virtual card.
        .target(
            name: "PCSCTransport", dependencies: ["TapCardSupport", "TagTransport"], path: "Sources/Transports/PCSC",
            swiftSettings: settings, linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The CoreNFC adapter. Its CoreNFC-facing files are wrapped in `#if canImport(CoreNFC)`: on
        // iOS they import Apple's framework; on Linux they import the stand-in below (so they are
        // compiled and tested here); on macOS, which has no CoreNFC, only the plain-Swift parts build.
        // Type2 gives it one home for where each chip keeps its password configuration (a scan
        // reads CFG0/CFG1 after GET_VERSION named the chip), as it does for the emulator.
        library(
            "CoreNFCTransport", "Transports/CoreNFC",
            [
                "TapCardSupport", "TagTransport", "TagCatalog", "Type2",
                .target(name: "CoreNFC", condition: .when(platforms: [.linux])),
            ]),
        // A test-only stand-in for Apple's CoreNFC, with the same module name and Swift signatures,
        // so the adapter source compiles unchanged against both. Only ever a dependency on Linux
        // (`condition: .when(platforms: [.linux])`) and in no product: on Apple platforms nothing
        // builds it, so `import CoreNFC` there always resolves to the system framework.
        .target(
            name: "CoreNFC", dependencies: ["TagTransport"], path: "Tests/StandIns/CoreNFC", swiftSettings: settings),
        .systemLibrary(name: "CSQLite", path: "Sources/Persistence/CSQLite"),
        library("Store", "Persistence/Store", ["TapCardSupport", "CSQLite"]),

        // 4. Workflows: generic over the transport, returning typed reports. No printing.
        library(
            "TagWorkflows", "Workflows/TagWorkflows",
            ["TapCardSupport", "NDEF", "TagCatalog", "Type2", "Originality", "TagTransport"]),
        library("Cards", "Workflows/Cards", ["TapCardSupport", "NDEF", "Contacts", "TagCatalog"]),
        library("Focus", "Workflows/Focus", ["TapCardSupport"]),
        // Focus sessions over the store (the state machine applied inside one store transaction) and the
        // tag inventory in words: what the phone's screens and `tapcard focus` / `tapcard tags` share, so
        // the CLI needs no view model (and no CoreNFC adapter) to use them.
        library("FocusSessions", "Workflows/FocusSessions", ["TapCardSupport", "Focus", "Store"]),
        library("TagInventory", "Workflows/TagInventory", ["Store", "TapCardSupport"]),

        // 5. Front ends: view models (tested on Linux) and the CLI.
        library(
            "ViewModels", "FrontEnds/ViewModels",
            [
                "TapCardSupport", "NDEF", "Contacts", "TagCatalog", "Type2", "Originality", "Cards", "TagWorkflows",
                "Focus", "FocusSessions", "TagInventory", "Store", "CoreNFCTransport",
            ]),
        library(
            "TapCardCLI", "FrontEnds/CLI",
            [
                "TapCardSupport", "NDEF", "Contacts", "TagCatalog", "Type2", "Originality", "TagTransport",
                "TagEmulator", "Store", "TagWorkflows", "Cards", "Focus", "FocusSessions", "TagInventory",
                "PCSCTransport",
            ]),
        .executableTarget(
            name: "tapcard", dependencies: ["TapCardCLI"], path: "Sources/FrontEnds/tapcard",
            swiftSettings: settings),

        // Tests mirror Sources/. TestSupport holds what every test target shares (a seeded generator).
        .target(name: "TestSupport", path: "Tests/Support/TestSupport", swiftSettings: settings),
        // A child process for the store's crash-safety test: it records sessions in a loop until
        // the test kills it with SIGKILL.
        .executableTarget(
            name: "store-crash-child", dependencies: ["Store"], path: "Tests/Persistence/StoreCrashChild",
            swiftSettings: settings),
        tests("TapCardSupportTests", "Support/TapCardSupportTests", ["TapCardSupport"]),
        tests("NDEFTests", "Codecs/NDEFTests", ["NDEF", "TapCardSupport"]),
        tests("ContactsTests", "Codecs/ContactsTests", ["Contacts", "TapCardSupport"]),
        tests("TagCatalogTests", "TagMappings/TagCatalogTests", ["TagCatalog"]),
        tests("Type2Tests", "TagMappings/Type2Tests", ["Type2", "TagCatalog", "NDEF", "TapCardSupport"]),
        tests("OriginalityTests", "TagMappings/OriginalityTests", ["Originality", "TapCardSupport"]),
        tests("TagEmulatorTests", "Transports/EmulatorTests", ["TagEmulator", "TagTransport", "Type2", "TagCatalog"]),
        tests("PCSCTransportTests", "Transports/PCSCTests", ["PCSCTransport", "TagTransport", "TapCardSupport"]),
        tests(
            "CoreNFCTransportTests", "Transports/CoreNFCTests",
            [
                "CoreNFCTransport", "TagEmulator", "TagTransport", "TagCatalog", "TapCardSupport", "TagWorkflows",
                "Type2", "NDEF", .target(name: "CoreNFC", condition: .when(platforms: [.linux])),
            ]),
        tests("StoreTests", "Persistence/StoreTests", ["Store"]),
        tests(
            "TagWorkflowsTests", "Workflows/TagWorkflowsTests",
            ["TagWorkflows", "TagEmulator", "TagTransport", "Type2", "NDEF", "TagCatalog"]),
        tests("CardsTests", "Workflows/CardsTests", ["Cards", "Contacts", "NDEF", "TagCatalog"]),
        tests("FocusTests", "Workflows/FocusTests", ["Focus"]),
        tests("FocusSessionsTests", "Workflows/FocusSessionsTests", ["FocusSessions", "Focus", "Store"]),
        tests("TagInventoryTests", "Workflows/TagInventoryTests", ["TagInventory", "Store"]),
        tests(
            "ViewModelsTests", "FrontEnds/ViewModelsTests",
            [
                "ViewModels", "CoreNFCTransport", "TagEmulator", "TagCatalog", "NDEF", "Cards", "Contacts", "Focus",
                "FocusSessions", "Store", "Type2", "TagWorkflows",
                .target(name: "CoreNFC", condition: .when(platforms: [.linux])),
            ]),
        tests("TapCardCLITests", "FrontEnds/CLITests", ["TapCardCLI", "NDEF", "TapCardSupport"]),
    ]
)

// Fuzzing (scripts/fuzz.sh): libFuzzer targets link the fuzzer runtime, which a plain `swift build`
// must never need, so they exist only when TAPCARD_FUZZ is set. The driver is C because SwiftPM's
// `-parse-as-library` route for a Swift libFuzzer entry point does not link on this toolchain.
if Context.environment["TAPCARD_FUZZ"] != nil {
    package.targets += [
        .target(
            name: "TapCardFuzzTargets",
            dependencies: [
                "TapCardSupport", "NDEF", "Contacts", "TagCatalog", "Type2", "TagTransport", "TagEmulator",
                "PCSCTransport", "Cards", "TapCardCLI",
            ], path: "Fuzz/Targets",
            swiftSettings: settings + [.define("FUZZING")]),
        .executableTarget(
            name: "tapcard-fuzz", dependencies: ["TapCardFuzzTargets"], path: "Fuzz/Driver",
            linkerSettings: [.unsafeFlags(["-sanitize=address", "-use-ld=lld"])]),
    ]
}
