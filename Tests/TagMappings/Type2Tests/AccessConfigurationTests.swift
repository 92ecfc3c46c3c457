import TagCatalog
import TapCardSupport
import Testing
import Type2

/// CFG0/CFG1 decoded from hand-built bytes (NTAG213/215/216 datasheet §8.5.7, MF0ULx1 §8.5.7):
/// CFG0 = MIRROR, RFUI, MIRROR_PAGE, AUTH0; CFG1 = ACCESS (PROT b7, CFGLCK b6, NFC_CNT_EN b4,
/// NFC_CNT_PWD_PROT b3, AUTHLIM b2–0), RFUI ×3.
@Suite struct AccessConfigurationTests {
    func configuration(_ model: TagModel, cfg0: [UInt8], cfg1: [UInt8]) throws -> AccessConfiguration {
        let scheme = try #require(PasswordScheme.of(model))
        return try #require(AccessConfiguration(scheme: scheme, cfg0: cfg0, cfg1: cfg1))
    }

    /// As shipped (a real NTAG213 dump in the fixtures: 04 00 00 FF / 00 05 00 00).
    @Test func factoryNTAG213IsUnprotected() throws {
        let config = try configuration(.ntag213, cfg0: [0x04, 0x00, 0x00, 0xFF], cfg1: [0x00, 0x05, 0x00, 0x00])
        #expect(config.auth0 == 255)
        #expect(config.protectedPages == nil)
        #expect(!config.isProtected)
        #expect(!config.writeNeedsPassword(page: 4))
        #expect(config.attemptLimit == nil)
        #expect(config.counterEnabled == false)
        #expect(
            config.sentences == [
                "AUTH0 255: no page needs a password (the chip's last page is 44).",
                "AUTHLIM 0: wrong passwords are not limited.",
                "CFGLCK 0: the configuration can still be changed.",
                "NFC counter off.",
            ])
    }

    /// AUTH0 10h, ACCESS 87h: pages 16–44 protected for reads and writes, AUTHLIM 7.
    @Test func auth0SixteenWithPROTAndAUTHLIM() throws {
        let config = try configuration(.ntag213, cfg0: [0x04, 0x00, 0x00, 0x10], cfg1: [0x87, 0x05, 0x00, 0x00])
        #expect(config.protectedPages == 16...44)
        #expect(config.protectsReads)
        #expect(!config.writeNeedsPassword(page: 15))
        #expect(config.writeNeedsPassword(page: 16) && config.readNeedsPassword(page: 44))
        #expect(!config.writeNeedsPassword(page: 45))
        #expect(config.authlim == 7 && config.attemptLimit == 7)
        #expect(
            config.sentences.prefix(2) == [
                "AUTH0 16: pages 16–44 need the password to be written; reads need it too (PROT 1).",
                "AUTHLIM 7: the tag locks itself for good after 7 wrong passwords (a correct one resets the count).",
            ])
    }

    /// Write protection only: reads stay free even from AUTH0 on.
    @Test func prot0LeavesReadsFree() throws {
        let config = try configuration(.ntag215, cfg0: [0x04, 0x00, 0x00, 0x04], cfg1: [0x00, 0x05, 0x00, 0x00])
        #expect(config.protectedPages == 4...134)
        #expect(!config.readNeedsPassword(page: 4))
        #expect(
            config.sentences[0] == "AUTH0 4: pages 4–134 need the password to be written; reads stay free (PROT 0).")
    }

    /// CFGLCK and the NFC counter bits.
    @Test func configurationLockAndCounter() throws {
        let config = try configuration(.ntag216, cfg0: [0x04, 0x00, 0x00, 0xFF], cfg1: [0x58, 0x05, 0x00, 0x00])
        #expect(config.isConfigurationLocked)
        #expect(config.counterEnabled == true && config.counterNeedsPassword == true)
        #expect(config.sentences.contains("NFC counter on, and reading it needs the password."))
    }

    /// Ultralight EV1 counts 2^AUTHLIM wrong passwords and has no NFC counter bits.
    @Test func ultralightEV1CountsPowersOfTwo() throws {
        let config = try configuration(.ultralightEV1_48, cfg0: [0, 0, 0, 0x04], cfg1: [0x03, 0x05, 0, 0])
        #expect(config.attemptLimit == 8)
        #expect(config.counterEnabled == nil)
        #expect(config.protectedPages == 4...19)
        let scheme = config.scheme
        #expect(scheme.allowedAttempts == [2, 4, 8, 16, 32, 64, 128])
        #expect(scheme.authlim(forAttempts: 8) == 3)
        #expect(scheme.authlim(forAttempts: 3) == nil)
        #expect(scheme.authlim(forAttempts: nil) == 0)
    }

    /// Which chips have a password, and where.
    @Test func schemesPerChip() {
        #expect(PasswordScheme.of(.ntag213)?.configPage == 41)
        #expect(PasswordScheme.of(.ntag215)?.passwordPage == 133)
        #expect(PasswordScheme.of(.ntag216)?.acknowledgePage == 230)
        #expect(PasswordScheme.of(.ntag210)?.configPage == 16)
        #expect(PasswordScheme.of(.ultralightEV1_128)?.lastPage == 40)
        for model in [TagModel.ntag203, .ultralight, .ultralightC, .ntagI2C1k, .genericType4] {
            #expect(PasswordScheme.of(model) == nil, "\(model)")
        }
        #expect(PasswordScheme.of(.ntag213)?.authlim(forAttempts: 7) == 7)
        #expect(PasswordScheme.of(.ntag213)?.authlim(forAttempts: 8) == nil)
    }

    @Test func wrongSizedPagesAreNotAConfiguration() throws {
        let scheme = try #require(PasswordScheme.of(.ntag213))
        #expect(AccessConfiguration(scheme: scheme, cfg0: [1, 2, 3], cfg1: [0, 0, 0, 0]) == nil)
    }
}

/// Passwords and PACKs are taken as hex bytes only.
@Suite struct PasswordInputTests {
    @Test func hexWithOrWithoutSeparators() throws {
        #expect(try Type2Password.parse("1a2b3c4d").bytes == [0x1A, 0x2B, 0x3C, 0x4D])
        #expect(try Type2Password.parse("1A:2B:3C:4D").bytes == [0x1A, 0x2B, 0x3C, 0x4D])
        #expect(try Type2Password.parse("ff ff ff ff") == .factory)
        #expect(try PasswordAcknowledge.parse("5e6f").bytes == [0x5E, 0x6F])
        #expect(Type2Password.factory.description == "ff ff ff ff")
    }

    @Test func wrongLengthAndNotHexAreInputErrors() {
        #expect(throws: PasswordInputError.wrongLength(.password, got: 3, expected: 4)) {
            try Type2Password.parse("1a2b3c")
        }
        #expect(throws: PasswordInputError.wrongLength(.acknowledge, got: 4, expected: 2)) {
            try PasswordAcknowledge.parse("1a2b3c4d")
        }
        #expect(throws: PasswordInputError.notHex(.password, .invalidCharacter(offset: 0))) {
            try Type2Password.parse("secret!!")
        }
        #expect(throws: PasswordInputError.notHex(.password, .oddDigits(offset: 6))) {
            try Type2Password.parse("1a2b3c4")
        }
        let error = PasswordInputError.wrongLength(.password, got: 3, expected: 4)
        #expect(error.origin == .input)
        #expect(error.sentence == "A password is 4 bytes (8 hex digits, e.g. 1a2b3c4d); this one has 3 bytes.")
    }
}
