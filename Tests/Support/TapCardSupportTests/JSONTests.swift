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
}
