import TagCatalog
import Testing

/// The catalog's identification rule, factory images and lock-bit maps: each fact once, and each
/// consistent with the others.
@Suite struct ChipFactsTests {
    /// Every model's datasheet GET_VERSION answer names that model, and no other model answers the same.
    @Test func everyVersionNamesItsModel() {
        for model in TagModel.allCases {
            guard let version = model.type2Layout?.version else { continue }
            #expect(TagModel.identified(byVersion: version) == model, "\(model)")
        }
    }

    @Test func theRuleReadsVendorProductTypeAndStorageSize() {
        // NTAG213F (subtype 01h, a later major version): an NTAG213 memory map.
        #expect(TagModel.identified(byVersion: [0x00, 0x04, 0x04, 0x01, 0x02, 0x00, 0x0F, 0x03]) == .ntag213)
        // NTAG216 and NTAG I2C 1k share storage size 13h; the subtype 05h tells them apart.
        #expect(TagModel.identified(byVersion: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x13, 0x03]) == .ntag216)
        #expect(TagModel.identified(byVersion: [0x00, 0x04, 0x04, 0x05, 0x02, 0x01, 0x13, 0x03]) == .ntagI2C1k)
        // Another vendor, a size nobody has, a short answer: unknown, never guessed.
        #expect(TagModel.identified(byVersion: [0x00, 0x05, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03]) == nil)
        #expect(TagModel.identified(byVersion: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x15, 0x03]) == nil)
        #expect(TagModel.identified(byVersion: [0x00, 0x04, 0x04]) == nil)
    }

    @Test func withoutGetVersionTheCCSizeIsAGuess() {
        #expect(TagModel.assumed(withoutVersionCCSize: 0x12) == .ntag203)
        #expect(TagModel.assumed(withoutVersionCCSize: 0x06) == .ultralight)
        #expect(TagModel.assumed(withoutVersionCCSize: 0x00) == .ultralight)
        #expect(TagModel.assumed(withoutVersionCCSize: nil) == .ultralight)
        #expect(TagModel.assumed(withoutVersionCCSize: 0x3E) == nil)  // an NTAG215 CC: it has GET_VERSION
    }

    /// NTAG212 ships with the Lock Control TLV nfcpy writes as its factory default, so it holds
    /// 121 bytes, not the 126 an empty data area would give.
    @Test func ntag212CarriesItsLockControlTLV() {
        #expect(TagModel.ntag212.formattedCC == [0xE1, 0x10, 0x10, 0x00])
        #expect(TagModel.ntag212.factoryTLVsBeforeNDEF == [0x01, 0x03, 0x90, 0x0A, 0x34])
        #expect(TagModel.ntag212.formattedDataArea == [0x01, 0x03, 0x90, 0x0A, 0x34, 0x03, 0x00, 0xFE])
        #expect(TagModel.ntag212.maximumNDEFMessageBytes == 121)
    }

    /// MIFARE Ultralight C ships blank and is formatted with its Lock Control TLV.
    @Test func ultralightCIsFormattedWithItsLockControlTLV() {
        #expect(TagModel.ultralightC.shipsFormatted == false)
        #expect(TagModel.ultralightC.formattedDataArea == [0x01, 0x03, 0xA0, 0x10, 0x44, 0x03, 0x00, 0xFE])
        #expect(TagModel.ultralightC.factoryConfiguration == nil)
        #expect(TagModel.ultralightC.type2Layout?.version == nil)
        #expect(
            TagModel.ultralightC.capacityDerivation
                == "Assuming a MIFARE Ultralight C once NDEF-formatted (it ships with a blank CC): CC data area "
                + "144 bytes (CC byte 2 = 0x12, × 8), minus 5 bytes of Lock Control TLV, minus 2 bytes of NDEF "
                + "TLV type and length = 137 bytes of NDEF message.")
    }

    /// Every lock-bit map covers exactly the user pages from 16 on, each page once, with
    /// block-locking bits that freeze lock bits the map has; and the lock page is the layout's.
    @Test(arguments: TagModel.allCases)
    func lockMapsCoverTheUserPagesOnce(model: TagModel) throws {
        guard let layout = model.type2Layout, let map = DynamicLockMap.of(model) else {
            #expect(model.type2Layout?.dynamicLockPage == nil, "\(model) has lock bytes but no map")
            return
        }
        #expect(map.page == layout.dynamicLockPage)
        let covered = map.lockBits(within: layout.userPages).flatMap { Array($0.pages) }
        #expect(covered == Array(16...layout.userPages.upperBound), "\(model)")
        let positions = map.lockBits.map(\.position) + map.blockBits.map(\.position)
        #expect(Set(positions.map { $0.byte * 8 + $0.bit }).count == positions.count, "\(model): a bit used twice")
        #expect(positions.allSatisfy { (0..<4).contains($0.byte) && (0..<8).contains($0.bit) })
        for block in map.blockBits {
            #expect(block.freezes.allSatisfy { map.lockBits.indices.contains($0) })
        }
        #expect(map.pagesPerBit(within: layout.userPages) != nil)
    }

    /// The factory configuration is there exactly where the chip has configuration pages, with
    /// AUTH0 = FFh (nothing protected) and PWD = FFFFFFFFh.
    @Test(arguments: TagModel.allCases)
    func factoryConfigurationFollowsTheLayout(model: TagModel) {
        let configuration = model.factoryConfiguration
        #expect((configuration != nil) == (model.type2Layout?.configPage != nil), "\(model)")
        guard let configuration else { return }
        #expect(configuration.count == 16)
        #expect(configuration[3] == 0xFF)
        #expect(Array(configuration[8..<12]) == [0xFF, 0xFF, 0xFF, 0xFF])
    }
}
