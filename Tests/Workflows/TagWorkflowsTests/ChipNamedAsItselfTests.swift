import TagCatalog
import TagFrames
import TagWorkflows
import Testing

/// Every refusal names the chip that refused and the key it wants, and counts pages right
/// (issue 39, item 8): a DESFire is never told about an NTAG 424 DNA's factory keys, one page
/// "needs", a Classic key list is not nested in another parenthesis.
@Suite struct ChipNamedAsItselfTests {
    @Test func aDESFireWrongKeyNamesTheDESFire() {
        let sentence = Type4LockRefusal.keyRefused(keyNumber: 0, status: StatusWord(0x91AE), model: .desfireEV2_8K)
            .sentence
        #expect(!sentence.contains("NTAG 424"))
        #expect(
            sentence.contains(
                "The \(TagModel.desfireEV2_8K.displayName) did not accept the key given for key 0 of its NDEF application 000001"
            ))
        #expect(sentence.contains("TapCard's format leaves it all zeros"))
    }

    @Test func anNTAG424WrongKeyNamesItsFactoryKeys() {
        let sentence = Type4LockRefusal.keyRefused(keyNumber: 2, status: StatusWord(0x91AE), model: .ntag424DNA)
            .sentence
        #expect(sentence.contains("The NTAG 424 DNA did not accept the key given for key 2"))
        #expect(sentence.contains("a factory NTAG 424 DNA's keys are all zeros"))
    }

    @Test func onePageNeedsTheNamedKey() {
        let one = KeyProtectionError.keyRequiredForPages(pages: [4], firstProtectedPage: 4, model: .ultralightC)
            .sentence
        #expect(one.hasPrefix("Page 4, which this operation must write, needs the MIFARE Ultralight C's 3DES key"))
        let many = KeyProtectionError.keyRequiredForPages(pages: [4, 5], firstProtectedPage: 4, model: .ultralightAES)
            .sentence
        #expect(
            many.hasPrefix(
                "Pages 4–5, which this operation must write, need the MIFARE Ultralight AES's AES-128 key (DataProtKey)"
            ))
    }
}
