import TapCardCLI
import TapCardSupport
import Testing

/// With no data directory (no TAPCARD_HOME, XDG_DATA_HOME or HOME), commands that need the
/// default tag or database say so (platform error, exit 69) instead of using `./`.
@Suite struct DataDirectoryCLITests {
    @Test(arguments: [["info"], ["tags"], ["focus", "status"]])
    func noHomeIsAPlatformError(arguments: [String]) async {
        let io = CheckedIO(environment: [:])
        let status = await CLI.run(arguments, io: io)
        #expect(status == 69)
        #expect(io.errorOutput == "error: \(DataDirectoryError.noHome.sentence)\n")
        #expect(io.outputText == "")
    }
}
