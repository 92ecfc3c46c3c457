import TagCatalog
import Testing
import Type2

/// The order of a password change, and what a tear at any write can leave.
@Suite struct Type2ProtectPlanTests {
    static let newPassword = Type2Password(bytes: [0x1A, 0x2B, 0x3C, 0x4D])!
    static let oldPassword = Type2Password(bytes: [0x99, 0x88, 0x77, 0x66])!
    static let pack = PasswordAcknowledge(bytes: [0x5E, 0x6F])!

    func configuration(auth0: UInt8, access: UInt8 = 0x00, model: TagModel = .ntag213) -> AccessConfiguration {
        AccessConfiguration(
            scheme: PasswordScheme.of(model)!, cfg0: [0x04, 0x00, 0x00, auth0], cfg1: [access, 0x05, 0x00, 0x00])!
    }

    /// A fresh tag: PWD, PACK, then AUTH0 last (ACCESS untouched when PROT and AUTHLIM stay 0).
    @Test func freshProtectWritesPasswordFirstAndAUTH0Last() throws {
        let plan = try Type2ProtectPlan.protect(
            ProtectionRequest(password: Self.newPassword, acknowledge: Self.pack),
            known: .init(configuration: configuration(auth0: 0xFF)))
        #expect(plan.writes.map(\.page) == [43, 44, 41])
        #expect(plan.writes.map(\.role) == [.password, .passwordAcknowledge, .authenticationSwitch])
        #expect(plan.writes[0].bytes == [0x1A, 0x2B, 0x3C, 0x4D])
        #expect(plan.writes[1].bytes == [0x5E, 0x6F, 0x00, 0x00])
        #expect(plan.writes[2].bytes == [0x04, 0x00, 0x00, 0x04])
        #expect(plan.final.protectedPages == 4...44)
        #expect(plan.state(afterLanded: 0) == .unprotected)
        #expect(plan.state(afterLanded: 3) == .protectedWithNewPassword)
    }

    /// PROT and AUTHLIM go into ACCESS before the switch; the other ACCESS bits stay.
    @Test func readProtectionAndAttemptsSetACCESSBeforeTheSwitch() throws {
        let plan = try Type2ProtectPlan.protect(
            ProtectionRequest(password: Self.newPassword, firstPage: 16, protectsReads: true, attempts: 5),
            known: .init(configuration: configuration(auth0: 0xFF, access: 0x10)))
        #expect(plan.writes.map(\.page) == [43, 44, 42, 41])
        #expect(plan.writes[2].bytes == [0x95, 0x05, 0x00, 0x00])  // PROT | NFC_CNT_EN | AUTHLIM 5
        #expect(plan.writes[3].bytes[3] == 16)
    }

    /// Changing the password of a protected tag: AUTH0 off first, so PWD is never written
    /// while it guards anything.
    @Test func changingThePasswordSwitchesOffFirst() throws {
        let known = Type2ProtectPlan.Known(
            configuration: configuration(auth0: 0x04, access: 0x83), password: Self.oldPassword, acknowledge: .factory)
        let plan = try Type2ProtectPlan.protect(
            ProtectionRequest(password: Self.newPassword, acknowledge: Self.pack, protectsReads: true, attempts: 3),
            known: known)
        #expect(plan.writes.map(\.page) == [41, 43, 44, 41])
        #expect(plan.writes[0].bytes[3] == 0xFF)
        #expect(plan.possibleStates(failedIndex: 0, mayHaveLanded: false) == [.protectedWithCurrentPassword])
        #expect(
            plan.possibleStates(failedIndex: 0, mayHaveLanded: true) == [.unprotected, .protectedWithCurrentPassword])
        #expect(plan.possibleStates(failedIndex: 1, mayHaveLanded: true) == [.unprotected])
        #expect(
            plan.possibleStates(failedIndex: 3, mayHaveLanded: true) == [.unprotected, .protectedWithNewPassword])
    }

    /// The same password, only the protected range changes: PWD and PACK are known from the
    /// PWD_AUTH that just succeeded and are not rewritten, so AUTH0 can move without switching off.
    @Test func movingAUTH0WithTheSamePasswordWritesOnlyCFG0() throws {
        let known = Type2ProtectPlan.Known(
            configuration: configuration(auth0: 0x04), password: Self.newPassword, acknowledge: Self.pack)
        let plan = try Type2ProtectPlan.protect(
            ProtectionRequest(password: Self.newPassword, acknowledge: Self.pack, firstPage: 16), known: known)
        #expect(plan.writes.map(\.page) == [41])
        // A torn CFG0 write leaves AUTH0 at some page number: on or off, with the same password.
        #expect(
            plan.possibleStates(failedIndex: 0, mayHaveLanded: true) == [.unprotected, .protectedWithCurrentPassword])
        #expect(plan.possibleStates(failedIndex: 0, mayHaveLanded: false) == [.protectedWithCurrentPassword])
        let same = try Type2ProtectPlan.protect(
            ProtectionRequest(password: Self.newPassword, acknowledge: Self.pack, firstPage: 4), known: known)
        #expect(same.writes.isEmpty)
    }

    /// Unprotect: AUTH0 off first, then ACCESS cleared, PWD and PACK back to factory values.
    @Test func unprotectSwitchesOffFirst() throws {
        let known = Type2ProtectPlan.Known(
            configuration: configuration(auth0: 0x04, access: 0x87), password: Self.newPassword, acknowledge: Self.pack)
        let plan = try Type2ProtectPlan.unprotect(known: known)
        #expect(plan.writes.map(\.page) == [41, 43, 44, 42])
        #expect(plan.writes[0].bytes[3] == 0xFF)
        #expect(plan.writes[1].bytes == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(plan.writes[3].bytes[0] == 0x00)
        #expect(!plan.final.isProtected)
        for index in plan.writes.indices {
            #expect(!plan.possibleStates(failedIndex: index, mayHaveLanded: true).contains(.protectedWithNewPassword))
        }
        #expect(plan.possibleStates(failedIndex: 1, mayHaveLanded: true) == [.unprotected])
    }

    /// Over many starting points and requests, no tear at any write can leave the tag protected
    /// by bytes nobody knows.
    @Test func noPlanCanLeaveAnUnknownPassword() throws {
        var plans = 0
        for model in [TagModel.ntag213, .ntag216, .ultralightEV1_48] {
            let scheme = try #require(PasswordScheme.of(model))
            for auth0 in [UInt8(0x04), 0x10, UInt8(scheme.lastPage), 0xFF] {
                for access in [UInt8(0x00), 0x80, 0x03] {
                    let config = configuration(auth0: auth0, access: access, model: model)
                    let known = Type2ProtectPlan.Known(
                        configuration: config, password: config.isProtected ? Self.oldPassword : nil,
                        acknowledge: config.isProtected ? .factory : nil)
                    var candidates = [try Type2ProtectPlan.unprotect(known: known)]
                    for first in [4, 16, scheme.lastPage] {
                        for password in [Self.newPassword, Self.oldPassword] {
                            candidates.append(
                                try Type2ProtectPlan.protect(
                                    ProtectionRequest(password: password, acknowledge: Self.pack, firstPage: first),
                                    known: known))
                        }
                    }
                    for plan in candidates {
                        plans += 1
                        for index in 0...plan.writes.count {
                            for landed in [false, true] {
                                let states = plan.possibleStates(failedIndex: index, mayHaveLanded: landed)
                                #expect(!states.contains(.protectedWithUnknownPassword), "\(plan.writes) at \(index)")
                            }
                        }
                    }
                }
            }
        }
        #expect(plans == 3 * 4 * 3 * 7)
    }

    /// Divergence from nfcpy: `NTAG21x._protect_with_password` (`tt2_nxp.py`) writes CFG0, and with
    /// it AUTH0, before PWD. Replayed as a plan, a torn PWD write then leaves the tag protected by
    /// half-written bytes: the state TapCard's order rules out.
    @Test func nfcpysOrderCanLeaveAnUnknownPassword() throws {
        var plan = try Type2ProtectPlan.protect(
            ProtectionRequest(password: Self.newPassword, acknowledge: Self.pack),
            known: .init(configuration: configuration(auth0: 0xFF)))
        let cfg0 = try #require(plan.writes.last)
        plan.writes = [cfg0] + plan.writes.dropLast()
        #expect(plan.writes.map(\.page) == [41, 43, 44])
        #expect(plan.possibleStates(failedIndex: 1, mayHaveLanded: true).contains(.protectedWithUnknownPassword))
    }

    @Test func refusals() throws {
        let locked = configuration(auth0: 0xFF, access: 0x40)
        #expect(throws: Type2ProtectError.configurationLocked(auth0: 255)) {
            try Type2ProtectPlan.protect(
                ProtectionRequest(password: Self.newPassword), known: .init(configuration: locked))
        }
        #expect(throws: Type2ProtectError.configurationLocked(auth0: 255)) {
            try Type2ProtectPlan.unprotect(known: .init(configuration: locked))
        }
        #expect(throws: Type2ProtectError.firstPageOutOfRange(page: 45, lastPage: 44)) {
            try Type2ProtectPlan.protect(
                ProtectionRequest(password: Self.newPassword, firstPage: 45),
                known: .init(configuration: configuration(auth0: 0xFF)))
        }
        #expect(throws: Type2ProtectError.attemptsNotSupported(attempts: 3, allowed: [2, 4, 8, 16, 32, 64, 128])) {
            try Type2ProtectPlan.protect(
                ProtectionRequest(password: Self.newPassword, attempts: 3),
                known: .init(configuration: configuration(auth0: 0xFF, model: .ultralightEV1_48)))
        }
    }
}
