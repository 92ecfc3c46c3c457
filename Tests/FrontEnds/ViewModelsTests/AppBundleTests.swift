import Foundation
import Testing
import ViewModels

#if os(Linux)
    import CoreNFC
#endif

/// The iOS app's project spec, Info.plist and entitlements agree with each other and with what
/// the CoreNFC adapter needs (it opens `NFCTagReaderSession`, entitlement format `TAG`).
@Suite struct AppBundleTests {
    static let app = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("App")

    static func plist(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: app.appendingPathComponent(path))
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try #require(object as? [String: Any])
    }

    static func spec() throws -> String {
        try String(contentsOf: app.appendingPathComponent("project.yml"), encoding: .utf8)
    }

    static func setting(_ key: String, in spec: String) -> String? {
        spec.split(separator: "\n").lazy.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(key + ":") else { return nil }
            let value = trimmed.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value
        }.first
    }

    @Test func theSpecPointsAtFilesThatExistAndTargetsIOS17() throws {
        let spec = try Self.spec()
        let plistPath = try #require(Self.setting("INFOPLIST_FILE", in: spec))
        let entitlementsPath = try #require(Self.setting("CODE_SIGN_ENTITLEMENTS", in: spec))
        #expect(FileManager.default.fileExists(atPath: Self.app.appendingPathComponent(plistPath).path))
        #expect(FileManager.default.fileExists(atPath: Self.app.appendingPathComponent(entitlementsPath).path))
        #expect(Self.setting("deploymentTarget", in: spec) == "17.0")
        #expect(Self.setting("iOS", in: spec) == "17.0")
        let bundleID = try #require(Self.setting("PRODUCT_BUNDLE_IDENTIFIER", in: spec))
        #expect(!bundleID.contains("*"), "an NFC app needs an explicit App ID, not a wildcard")
        #expect(spec.contains("product: TapCardPhone"))
        #expect(spec.contains("path: .."))
    }

    @Test func infoPlistExplainsNFCAndDoesNotRequireIt() throws {
        let info = try Self.plist("TapCard/Info.plist")
        let usage = try #require(info["NFCReaderUsageDescription"] as? String)
        #expect(usage.count > 20)
        #expect(info["CFBundleIdentifier"] as? String == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        // Installs on devices without NFC, where the app explains itself instead.
        let capabilities = info["UIRequiredDeviceCapabilities"] as? [String] ?? []
        #expect(!capabilities.contains("nfc"))
    }

    /// iOS delivers a FeliCa card only after it answered Polling for one of these codes, in order
    /// (`NFCFeliCaTag.h`); without any, a session polling `.iso18092` fails with SecurityViolation.
    /// `12FC` is the NFC Forum Type 3 system code, `88B4` FeliCa Lite-S's own (design/multi-technology.md §2.8).
    @Test func infoPlistListsTheFeliCaSystemCodesAndTheAppPollsEveryTag() throws {
        let info = try Self.plist("TapCard/Info.plist")
        let codes = try #require(info["com.apple.developer.nfc.readersession.felica.systemcodes"] as? [String])
        #expect(codes == ["12FC", "88B4"])
        #expect(codes.allSatisfy { $0.count == 4 && UInt16($0, radix: 16) != nil && !$0.uppercased().contains("FF") })
        #if os(Linux)
            #expect(codes == NFCStandInSystem.appFeliCaSystemCodes)
        #endif
        let app = try String(
            contentsOf: Self.app.appendingPathComponent("TapCard/AppModelHolder.swift"), encoding: .utf8)
        #expect(app.contains("CoreNFCTagSessions(polling: .everyTag)"))
    }

    /// iOS delivers an ISO 7816 (Type 4) tag only after SELECTing one of these AIDs
    /// (`NFCISO7816Tag.h`); without the NDEF Tag Application an NTAG 424 DNA is never seen
    /// (type4-type5-ntag424.md §4.1).
    @Test func infoPlistSelectsTheNDEFTagApplication() throws {
        let info = try Self.plist("TapCard/Info.plist")
        let aids = try #require(info["com.apple.developer.nfc.readersession.iso7816.select-identifiers"] as? [String])
        #expect(aids == ["D2760000850101"])
        #if os(Linux)
            // The stand-in's phone selects what the app's Info.plist lists.
            #expect(aids == NFCStandInSystem.appISO7816SelectIdentifiers)
        #endif
    }

    /// Tag reading, Screen Time, the associated domain and the App Group, the same in the spec (XcodeGen writes
    /// the file from it) and in the committed file; the domain is a build setting.
    @Test func entitlementsAskForTagReadingScreenTimeAndTheLinkDomain() throws {
        let entitlements = try Self.plist("TapCard/TapCard.entitlements")
        #expect(entitlements["com.apple.developer.nfc.readersession.formats"] as? [String] == ["TAG"])
        #expect(entitlements["com.apple.developer.family-controls"] as? Bool == true)
        #expect(
            entitlements["com.apple.developer.associated-domains"] as? [String] == ["applinks:$(TAPCARD_LINK_DOMAIN)"])
        // The App Group the app shares the running session through with its monitor and widget.
        #expect(entitlements["com.apple.security.application-groups"] as? [String] == ["group.com.example.tapcard"])
        #expect(Set(entitlements.keys).count == 4)
        let spec = try Self.spec()
        #expect(spec.contains("com.apple.developer.family-controls: true"))
        #expect(spec.contains("- applinks:$(TAPCARD_LINK_DOMAIN)"))
        #expect(spec.contains("com.apple.security.application-groups:\n          - group.com.example.tapcard"))
        #expect(Self.setting("TAPCARD_LINK_DOMAIN", in: spec)?.contains(".") == true)
        #expect(spec.contains("sdk: FamilyControls.framework") && spec.contains("sdk: ManagedSettings.framework"))
    }

    /// `tapcard://focus/start` (a widget's or another app's link) reaches `AppLinkRoute`.
    @Test func infoPlistRegistersTheTapCardScheme() throws {
        let info = try Self.plist("TapCard/Info.plist")
        let types = try #require(info["CFBundleURLTypes"] as? [[String: Any]])
        let schemes = types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        #expect(schemes == [AppLinkRoute.scheme])
    }

    @Test func viewsHoldNoNFCOrStoreLogic() throws {
        let views = Self.app.appendingPathComponent("TapCard/Views")
        let files = try FileManager.default.contentsOfDirectory(atPath: views.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 10)
        for file in files {
            let text = try String(contentsOf: views.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(!imports.contains("import CoreNFC"), "\(file) talks to CoreNFC directly")
            #expect(!text.contains("TapCardStore"), "\(file) talks to the store directly")
        }
    }
}
