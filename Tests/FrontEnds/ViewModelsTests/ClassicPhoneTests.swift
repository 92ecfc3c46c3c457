#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagCatalog
    import TagEmulator
    import TapCardSupport
    import Testing

    @testable import ViewModels

    /// A MIFARE Classic on the phone: iOS presents it as `NFCMiFareTag` with no family (it has
    /// only Ultralight, Plus and DESFire) and CoreNFC has no Crypto1, so the session's NDEF reads,
    /// writes and locks name it and refuse before a single command reaches the tag
    /// (`NFCSessionError.noCrypto1`).
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

        /// iOS's own write (no driver claims the tag) or lock, on the session's terms.
        static func attempt(_ lock: Bool, _ service: CoreNFCTagSessions) async -> NFCSessionError? {
            let none: (PhoneTagConnection) async -> Int? = { _ in nil }
            do throws(TagSessionFailure<Never>) {
                if lock {
                    _ = try await service.lock(expectedUID: nil, driver: none)
                } else {
                    _ = try await service.write([], driver: none)
                }
                return nil
            } catch {
                guard case .session(let session) = error else { return nil }
                return session
            }
        }

        @Test func writeAndLockAreRefusedTheSameWay() async throws {
            let bench = Bench()
            for lock in [false, true] {
                _ = Self.holdClassic(bench)
                let before = bench.chip.commandLog.count
                var refusal: NFCSessionError?
                await bench.run { refusal = await Self.attempt(lock, bench.service) }
                #expect(refusal == .noCrypto1(uid: Self.uid), "lock \(lock): \(String(describing: refusal))")
                #expect(refusal?.origin == .refusal)
                #expect(bench.chip.commandLog.count == before, "no command reached the tag")
            }
        }
    }
#endif
