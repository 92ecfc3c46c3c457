#if os(Linux)
    import CoreNFCTransport
    import SUN
    import Foundation
    import TagCatalog
    import TagFrames
    import TagTransport
    @testable import TagWorkflows
    import TapCardSupport
    import Testing
    import Type2
    import Type3
    import Type4
    import Type5

    @testable import ViewModels

    /// The phone speaks its own words: no `tapcard` command and no command-line option appears in
    /// a sentence a screen can show, for every interrupted set-up and every refusal whose desk
    /// sentence names one; and no string literal in the phone's view models names one.
    @MainActor
    @Suite struct PhoneSentenceTests {
        /// True when `text` names the command line: a `tapcard` command or a `--option`.
        static func speaksCLI(_ text: String) -> Bool {
            text.range(of: #"tapcard [a-z]|--[a-z]"#, options: .regularExpression) != nil
        }

        static let cut = ChannelError.tagLost(command: nil)

        /// Every error the phone's set-ups can stop with whose desk sentence names the CLI.
        static var errors: [any Error] {
            let cause = Type4Failure.channel(cut)
            return [
                NTAG424KeyChangeInterrupted(changed: [1], uncertain: 2, unchanged: [], cause: cause),
                NTAG424KeyChangeInterrupted(changed: [], uncertain: 1, unchanged: [2], cause: cause),
                NTAG424SDMSetupInterrupted(completed: [], failed: .ndefFile, cause: cause),
                NTAG424SDMSetupInterrupted(completed: [.ndefFile], failed: .fileSettings, cause: cause),
                ProtectionVerificationFailed.readBackInterrupted(writes: 3, state: .unprotected, cause: cut),
                NTAG424SetupRefusal.confirmationRequired,
                Type4LockRefusal.confirmationRequired,
                Type4LockRefusal.keyRefused(keyNumber: 0, status: StatusWord(0x91AE), model: .ntag424DNA),
                Type4LockRefusal.ev1KeyRefused(keyNumber: 0, status: StatusWord(0x91AE)),
                Type3Refusal.confirmationRequired,
                Type3Refusal.notFormatted(reason: "no attribute block"),
                Type3Refusal.alreadyFormatted(capacity: 48),
                FormatRefusal.holdsMessage(messageBytes: 12),
                SUNTemplateError.encWithoutFileData,
                Type5PlanError.notFormatted(blockZero: [0, 0, 0, 0]),
                ProtectionRefusal.currentPasswordRequired(firstProtectedPage: 4, configurationPage: 41),
                KeyProtectionError.keyRequired(firstProtectedPage: 4),
                KeyProtectionError.keyRequired(firstProtectedPage: nil),
                KeyProtectionError.keyNotGiven(firstPage: 4),
                KeyProtectionError.keyRequiredForPages(pages: [4, 5, 6], firstProtectedPage: 4),
                KeyProtectionError.keyRequiredForPages(pages: [40], firstProtectedPage: nil),
                Type2KeyError.noKeyOnChip(model: .ntag213),
                ProtectionRefusal.noPasswordOnChip(model: .ultralightC),
                ProtectionRefusal.noPasswordOnChip(model: .ultralightAES),
            ]
        }

        @Test func everyInterruptedSetUpAndRefusalIsInThePhonesWords() {
            for error in Self.errors {
                let sentence = PhoneWords.sentence(for: error)
                #expect(!Self.speaksCLI(sentence), "\(type(of: error)): \(sentence)")
                #expect(!sentence.isEmpty)
            }
            // The check bites: the desk's own sentences do name the CLI.
            #expect(Self.errors.contains { Self.speaksCLI(($0 as? any TapCardError)?.sentence ?? "") })
        }

        /// A tag that is not NDEF-formatted: what the type found, then the phone's way to format it
        /// (the desk's sentence names `tapcard format`), whatever the type.
        @Test func aPageTheKeyGuardsIsNamedWithItsVerb() {
            let one = PhoneWords.sentence(
                for: KeyProtectionError.keyRequiredForPages(pages: [40], firstProtectedPage: nil))
            #expect(one.hasPrefix("Page 40, which this operation must write, needs the tag's 16-byte key"))
            let range = PhoneWords.sentence(
                for: KeyProtectionError.keyRequiredForPages(pages: [4, 5, 6], firstProtectedPage: 4))
            #expect(
                range
                    == "Pages 4–6, which this operation must write, need the tag's 16-byte key (it guards pages from 4, AUTH0). Enter the tag's key and try again; nothing was written."
            )
        }

        @Test func aRefusalOfAnUnformattedTagSaysWhatWasFoundAndToFormatItOnAComputer() {
            #expect(
                PhoneWords.sentence(for: Type5PlanError.notFormatted(blockZero: [0x00, 0x11, 0x22, 0x33]))
                    == "Block 0 holds 00 11 22 33, not a Type 5 CC (E1 or E2): the tag is blank or not NDEF-formatted, and iOS cannot write it either. Format it first (\"Format for NDEF\" on the Write screen). Nothing was written."
            )
            #expect(
                PhoneWords.sentence(for: Type3Refusal.notFormatted(reason: "it does not answer polling for 12FC"))
                    == "The card is not NDEF-formatted: it does not answer polling for 12FC. Format it first (\"Format for NDEF\" on the Write screen). Nothing was written."
            )
        }

        /// Every string literal in the phone's view models (Sources/FrontEnds/ViewModels).
        static func literals() throws -> [(file: String, text: String)] {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                    "Sources/FrontEnds/ViewModels")
            let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            var out: [(String, String)] = []
            for file in files {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                {
                    let pieces = line.split(separator: "\"", omittingEmptySubsequences: false)
                    for (index, piece) in pieces.enumerated() where index % 2 == 1 { out.append((file, String(piece))) }
                }
            }
            return out
        }

        @Test func noStringInThePhonesViewModelsNamesTheCommandLine() throws {
            let literals = try Self.literals()
            #expect(literals.count > 200, "the grep found the view models' strings")
            for literal in literals where Self.speaksCLI(literal.text) {
                Issue.record("\(literal.file): \"\(literal.text)\"")
            }
        }
    }
#endif
