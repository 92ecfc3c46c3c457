import TagCatalog
import Testing

@testable import Type2

@Suite struct ChipIdentificationTests {
    /// Every model's datasheet GET_VERSION answer identifies that model.
    @Test func everyCatalogVersionIdentifiesItsModel() {
        for model in TagModel.allCases {
            guard let version = model.type2Layout?.version else { continue }
            #expect(ChipIdentification.fromVersion(version).model == model, "\(model)")
        }
    }

    /// NTAG213F answers with subtype 0x01 (NTAG213F/216F datasheet): still an NTAG213 memory map.
    @Test func ntag213FIsAnNTAG213() {
        #expect(ChipIdentification.fromVersion([0x00, 0x04, 0x04, 0x01, 0x01, 0x00, 0x0F, 0x03]).model == .ntag213)
    }

    @Test func unknownVendorIsNotGuessed() {
        let id = ChipIdentification.fromVersion([0x00, 0x05, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03])
        #expect(id.model == nil)
        #expect(ChipIdentification.fromVersion([0x00]).model == nil)
    }

    @Test func fallbackWithoutGetVersion() {
        #expect(ChipIdentification.withoutVersion(ccSize: 0x12).model == .ntag203)
        #expect(ChipIdentification.withoutVersion(ccSize: 0x06).model == .ultralight)
        #expect(ChipIdentification.withoutVersion(ccSize: 0x06).isCertain == false)
        #expect(ChipIdentification.withoutVersion(ccSize: 0x3E).model == nil)
    }
}
