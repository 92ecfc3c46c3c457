import TapCardSupport
import Testing

@Suite("JSON")
struct JSONTests {
    @Test("Objects keep their key order; strings are escaped per RFC 8259")
    func serialization() {
        let value = JSON.object([
            ("z", .int(1)), ("a", .array([.bool(true), .null, .double(1.5)])),
            ("s", .string("quote\" backslash\\ newline\n tab\t bell\u{07} é 😀")),
        ])
        #expect(
            value.serialized()
                == #"{"z":1,"a":[true,null,1.5],"s":"quote\" backslash\\ newline\n tab\t bell\u0007 é 😀"}"#)
        #expect(value["z"] == .int(1))
        #expect(JSON.double(.infinity).serialized() == "null")
    }

    /// A whole number of seconds is written as a whole number: `focus settings --json` printed
    /// `"period_seconds":2419200.0`. Fractions, and numbers past 2^53, keep Swift's shortest form.
    @Test func wholeDoublesAreWrittenAsIntegers() {
        #expect(JSON.double(2_419_200).serialized() == "2419200")
        #expect(JSON.double(-3).serialized() == "-3")
        #expect(JSON.double(-0.0).serialized() == "0")
        #expect(JSON.double(0.25).serialized() == "0.25")
        #expect(JSON.double(1e300).serialized() == "1e+300")
        #expect(JSON.double(9_007_199_254_740_991).serialized() == "9007199254740991")
    }
}
