#if os(Linux)
    import CoreNFCTransport
    import Testing

    @testable import ViewModels

    @MainActor
    @Suite struct AvailabilityViewModelTests {
        @Test func aDeviceWithoutAReaderExplainsWhyInsteadOfOfferingAButton() async {
            let bench = Bench(readingAvailable: false)
            await bench.run {
                let model = AvailabilityViewModel(service: bench.service)
                #expect(!model.canUseNFC)
                #expect(model.explanation == AvailabilityViewModel.noReader)
                #expect(model.explanation?.contains("iPhone 7 or later") == true)
                // And the screens' actions say the same thing instead of doing nothing.
                let scan = ScanViewModel(service: bench.service)
                await scan.scan()
                #expect(scan.state == .failed(NFCSessionError.unsupportedDevice.sentence))
            }
            #expect(bench.system.transcript.isEmpty)
        }

        @Test func aReaderIsOfferedUntilASessionSaysTheBuildIsNotEntitled() async {
            let bench = Bench()
            await bench.run {
                let model = AvailabilityViewModel(service: bench.service)
                #expect(model.canUseNFC)
                #expect(model.explanation == nil)
                model.note(.timedOut(seconds: 60))
                #expect(model.canUseNFC)
                model.note(.notEntitled)
                #expect(!model.canUseNFC)
                #expect(model.explanation == NFCSessionError.notEntitled.sentence)
            }
        }

        @Test func radioOffIsRememberedButRetryable() async {
            let bench = Bench()
            await bench.run {
                let model = AvailabilityViewModel(service: bench.service)
                model.note(.radioDisabled)
                #expect(model.canUseNFC)
                #expect(model.reportedProblem == .radioDisabled)
                model.retry()
                #expect(model.reportedProblem == nil)
            }
        }
    }
#endif
