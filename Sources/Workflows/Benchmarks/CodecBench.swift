import Contacts
import NDEF
import TapCardSupport

/// Codec throughput on the seeded corpus: NDEF decode (header rules, chunk reassembly and every
/// record's typed view, as `tapcard decode` does) and encode; vCard encode and read.
enum CodecBench {
    struct Result {
        var corpusMessages: Int
        var corpusBytes: Int
        var decode: Throughput
        var encode: Throughput
        var vCardEncode: Throughput
        var vCardRead: Throughput
    }

    static func run(messages: [NDEFMessage], profiles: [ContactProfile], minimumSeconds: Double) -> Result {
        let encoded = messages.map { $0.encoded() }
        let corpusBytes = encoded.reduce(0) { $0 + $1.count }
        // The checksums keep the optimizer from dropping work whose result is unused.
        var checksum = 0
        let decode = BenchClock.repeatPasses(minimumSeconds: minimumSeconds) {
            for bytes in encoded {
                if let decoded = try? DecodedMessage.decode(bytes) { checksum &+= decoded.views.count }
            }
        }
        let encode = BenchClock.repeatPasses(minimumSeconds: minimumSeconds) {
            for message in messages { checksum &+= message.encoded().count }
        }
        let cards = profiles.map { VCardEncoder.encode($0) }
        let cardBytes = cards.reduce(0) { $0 + $1.count }
        let vCardEncode = BenchClock.repeatPasses(minimumSeconds: minimumSeconds) {
            for profile in profiles { checksum &+= VCardEncoder.encode(profile).count }
        }
        let vCardRead = BenchClock.repeatPasses(minimumSeconds: minimumSeconds) {
            for card in cards {
                if let reading = try? VCardReader.read(card) { checksum &+= reading.profile.emails.count }
            }
        }
        precondition(checksum != Int.min)
        return Result(
            corpusMessages: messages.count, corpusBytes: corpusBytes,
            decode: Throughput(
                items: messages.count * decode.passes, bytes: corpusBytes * decode.passes, seconds: decode.seconds),
            encode: Throughput(
                items: messages.count * encode.passes, bytes: corpusBytes * encode.passes, seconds: encode.seconds),
            vCardEncode: Throughput(
                items: profiles.count * vCardEncode.passes, bytes: cardBytes * vCardEncode.passes,
                seconds: vCardEncode.seconds),
            vCardRead: Throughput(
                items: profiles.count * vCardRead.passes, bytes: cardBytes * vCardRead.passes,
                seconds: vCardRead.seconds))
    }
}
