import SUN
import Testing
import Type4

/// Issue 25, item 2: a template that mirrors no counter is refused unless the caller opts in (its URL
/// replays forever); `{ctr}` without `{uid}` is refused; whether `sun verify` needs the template is
/// known from the template. Before, `?u={uid}&c={mac}` and `?c={mac}` were accepted silently.
@Suite struct SUNTemplateVerifiabilityTests {
    @Test(
        "No counter and no PICCData: refused, unless allowed, and then static",
        arguments: [
            "https://h/p?u={uid}&c={mac}", "https://h/p?c={mac}",
        ])
    func replayable(template: String) throws {
        #expect(throws: SUNTemplateError.replayable) { try SUNTemplate(template) }
        let allowed = try SUNTemplate(template, allowStatic: true)
        #expect(allowed.isStatic)
    }

    @Test("{ctr} without {uid} is refused, even when static URLs are allowed")
    func counterWithoutUID() {
        #expect(throws: SUNTemplateError.counterWithoutUID) { try SUNTemplate("https://h/p?n={ctr}&c={mac}") }
        #expect(throws: SUNTemplateError.counterWithoutUID) {
            try SUNTemplate("https://h/p?n={ctr}&c={mac}", allowStatic: true)
        }
    }

    @Test(
        "Which templates sun verify reads without --template",
        arguments: [
            ("https://h/p?e={picc}&c={mac}", true), ("https://h/p?picc_data={picc}&enc={enc}&cmac={mac}", true),
            ("https://h/p?uid={uid}&ctr={ctr}&cmac={mac}", true), ("https://h/p?x=1&p={picc}&c={mac}", true),
            ("https://h/p?x={picc}&y={mac}", false), ("https://h/p/{picc}/{mac}", false),
            ("https://h/p?u={uid}&n={ctr}&c={mac}", false), ("https://h/{picc}?c={mac}", false),
        ])
    func standardNames(template: String, standard: Bool) throws {
        let made = try SUNTemplate(
            template, fileData: template.contains("{enc}") ? Array(repeating: 0x41, count: 16) : [])
        #expect(made.usesStandardNames == standard)
        #expect(!made.isStatic)
    }
}
