import TestSupport
import Testing

@testable import CoreNFCTransport

private enum Failure: Error, Equatable {
    case invalidated(Int)
}

@Suite struct SettleOnceTests {
    @Test func aLaterFailureCannotReplaceASuccessAndIsLoggedAsADefect() async throws {
        let defects = DefectCollector()
        let settle = SettleOnce<[UInt8], Failure>("writeNDEF", defects: defects.log)
        #expect(settle.settle(.success([0x0A])))
        #expect(!settle.settle(.failure(.invalidated(200))))
        #expect(try await settle.value() == [0x0A])
        #expect(defects.defects.count == 1)
        #expect(defects.defects.first?.contains("writeNDEF was delivered twice") == true)
        #expect(defects.defects.first?.contains("kept the first (success)") == true)
    }

    @Test func aResultDeliveredBeforeAnyoneWaitsIsKept() async throws {
        let settle = SettleOnce<Int, Failure>("connect", defects: DefectCollector().log)
        settle.settle(.failure(.invalidated(201)))
        await #expect(throws: Failure.invalidated(201)) { try await settle.value() }
        // Asking again gives the same answer.
        await #expect(throws: Failure.invalidated(201)) { try await settle.value() }
    }

    @Test func settleIfPendingIsSilentWhenAlreadySettled() async throws {
        let defects = DefectCollector()
        let settle = SettleOnce<Int, Failure>("detection", defects: defects.log)
        #expect(settle.settleIfPending(.success(1)))
        #expect(!settle.settleIfPending(.failure(.invalidated(200))))
        #expect(try await settle.value() == 1)
        #expect(defects.defects.isEmpty)
    }

    @Test func waitersBeforeTheResultAllGetIt() async throws {
        let settle = SettleOnce<Int, Failure>("detection", defects: DefectCollector().log)
        async let first = settle.value()
        async let second = settle.value()
        settle.settle(.success(7))
        #expect(try await first == 7)
        #expect(try await second == 7)
    }

    /// Many deliverers racing from other tasks, in a seeded random mix of successes and
    /// failures: exactly one wins, every waiter sees that one, every loser is one defect.
    @Test func racingDeliveriesSettleExactlyOnce() async throws {
        var random = SplitMix64(seed: 0x5E77_1E0C)
        for round in 0..<200 {
            let defects = DefectCollector()
            let settle = SettleOnce<Int, Failure>("round \(round)", defects: defects.log)
            let count = Int(random.next() % 7) + 2
            let plan = (0..<count).map { _ in random.next() % 2 == 0 }
            async let waiter: Result<Int, Failure> = { () async -> Result<Int, Failure> in
                do throws(Failure) { return .success(try await settle.value()) } catch { return .failure(error) }
            }()
            let wins = await withTaskGroup(of: Bool.self) { group in
                for (index, succeeds) in plan.enumerated() {
                    group.addTask {
                        settle.settle(succeeds ? .success(index) : .failure(.invalidated(index)))
                    }
                }
                var total = 0
                for await won in group where won { total += 1 }
                return total
            }
            #expect(wins == 1)
            #expect(defects.defects.count == count - 1)
            let seen = await waiter
            let again: Result<Int, Failure>
            do throws(Failure) { again = .success(try await settle.value()) } catch { again = .failure(error) }
            #expect(seen == again)
        }
    }

    @Test func aClaimRunsBeforeWaitersResumeAndOnlyForTheWinner() async throws {
        let settle = SettleOnce<Int, Failure>("ending", defects: DefectCollector().log)
        let claims = DefectCollector()
        async let waiter = settle.value()
        settle.settleIfPending(.success(1)) { claims.log.record("first") }
        settle.settleIfPending(.success(2)) { claims.log.record("second") }
        #expect(try await waiter == 1)
        #expect(claims.defects == ["first"])
    }
}
