#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import NDEF
    import TagCatalog
    import TagEmulator
    import Testing

    @testable import ViewModels

    /// A MIFARE Classic on the phone: iOS presents it as `NFCMiFareTag` with no family (it has
    /// only Ultralight, Plus and DESFire) and CoreNFC has no Crypto1, so Scan, Write and Lock name
    /// it and refuse before a single command reaches the tag.
    @MainActor
    @Suite struct ClassicPhoneTests {
        static let uid: [UInt8] = [0x3A, 0x4B, 0x5C, 0x6D]

        /// The user holds up a tag that iOS classifies as a MIFARE of unknown family.
        static func holdClassic(_ bench: Bench) -> StandInTag {
            let tag = StandInTag(transport: bench.chip, uid: uid, family: .unknown)
            bench.system.script([.present([tag])])
            return tag
        }

        @Test func scanNamesTheCardAndSaysWhyAnIPhoneCannotReadIt() async throws {
            let bench = Bench()
            let scan = ScanViewModel(service: bench.service, store: nil, clock: { fixedNow })
            _ = Self.holdClassic(bench)
            let before = bench.chip.commandLog.count
            await bench.run { await scan.scan() }
            guard case .failed(let sentence) = scan.state else {
                Issue.record("the scan did not fail: \(scan.state)")
                return
            }
            #expect(sentence.hasPrefix("This looks like a MIFARE Classic (a MIFARE tag with a 4-byte UID"))
            #expect(sentence.contains("Crypto1"))
            #expect(sentence.contains("Nothing was sent to the tag."))
            #expect(bench.chip.commandLog.count == before, "no command reached the tag")
        }

        @Test func writeAndLockAreRefusedTheSameWay() async throws {
            let bench = Bench()
            let message = NDEFMessage(records: [.uri("https://example.com")])
            for attempt in 0..<2 {
                _ = Self.holdClassic(bench)
                let before = bench.chip.memory
                await bench.run {
                    do {
                        _ = try await bench.service.withConnection { connection in
                            attempt == 0
                                ? try await PhoneDrivers.write(message, on: connection).map { _ in () }
                                : try await PhoneDrivers.lock(connection).map { _ in () }
                        }
                        Issue.record("attempt \(attempt) was not refused")
                    } catch {
                        #expect("\(error)".hasPrefix("This looks like a MIFARE Classic"), "\(error)")
                    }
                }
                #expect(bench.chip.memory == before)
            }
        }
    }
#endif
