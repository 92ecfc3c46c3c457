import SUN
import Testing

/// A SUN URL is recognised by its values, whatever its parameter names and wherever they sit
/// (issue 40): `copy` took `?x=<PICCData>&y=<MAC>` for an ordinary URL because it knew only the
/// usual names. Fields of the mirror's fixed hex lengths (PICCData 32 or 48, UID 14 and counter 6,
/// MAC 16) make a URL SUN-like together; one hex run of a common length alone does not.
@Suite struct SUNURLShapeTests {
    /// AN12196's S2 message (shared/reference/type4-type5-ntag424.md §S2): PICCData and MAC.
    static let picc = "EF963FF7828658A599F3041510671E88"
    static let mac = "94EED9EE65337086"
    /// The LRP PICCData of the reference's SDM-LRP vector (48 hex digits).
    static let lrpPICC = "AAE1508939ECF6FF26BCE407959AB1A5EC022819A35CD293"

    @Test(
        "Custom names, path fields, plain mirroring, LRP, enc data and either case are SUN-like",
        arguments: [
            "https://x.example/?x=\(picc)&y=\(mac)",
            "https://x.example/?x=\(picc.lowercased())&y=\(mac.lowercased())",
            "https://x.example/t/\(picc)/\(mac)",
            "https://x.example/t/\(picc)x\(mac)",
            "https://x.example/\(picc);\(mac)?lang=en",
            "https://x.example/a?id=04DE5F1EACC040&n=3D0000&sig=\(mac)",
            "https://x.example/04de5f1eacc040/3d0000/\(mac.lowercased())",
            "https://x.example/?q=\(lrpPICC)&m=\(mac)",
            "https://x.example/?a=\(picc)&b=CEE9A53E3E463EF1F459635736738962&c=\(mac)",
            "https://x.example/#\(picc)-\(mac)",
            "https://x.example/?e=\(lrpPICC)x\(mac)",
            // The usual names, placeholders (zeros) included: a frozen template is a SUN URL too.
            "https://ntag.nxp.com/424?e=00000000000000000000000000000000&c=0000000000000000",
            "https://sdm.example/?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3",
            // Percent-encoded (a redirector's `to=` parameter): judged as decoded.
            "https://go.example/?to=https%3A%2F%2Fy.example%2F%3Fp%3D\(picc)%26m%3D\(mac)",
            "https://x.example/%3Fx%3d\(picc)%26y%3d\(mac)",
            "https://go.example/?to=https%253A%252F%252Fy.example%252F%253Fp%253D\(picc)%2526m%253D\(mac)",
        ])
    func sunLike(url: String) {
        #expect(SUNURLShape.looksLikeSUN(url), "\(url)")
    }

    @Test(
        "Ordinary URLs are not: a 16-digit commit alone, a UUID, a hash, a host of hex letters",
        arguments: [
            "https://github.com/owner/repo/commit/0123456789abcdef",
            "https://x.example/item/123e4567-e89b-12d3-a456-426614174000",
            "https://x.example/item/123e4567-e89b-12d3-a456-426614174000?rev=0123456789abcdef",
            "https://x.example/blob/\(picc)",
            "https://x.example/?sha=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "https://x.example/?v=\(mac)&page=2",
            "https://deadbeefdeadbeefdeadbeefdeadbeef.example/\(mac)",
            "https://x.example/?v=\(mac)&id=04DE5F1EACC040",
            "https://example.com/poster",
            "",
            // Escapes alone, or a stray '%', make no SUN message.
            "https://x.example/a%20b%2Fc?q=%3D%3D%26",
            "https://x.example/%\(mac)%",
        ])
    func notSUNLike(url: String) {
        #expect(!SUNURLShape.looksLikeSUN(url), "\(url)")
    }
}
