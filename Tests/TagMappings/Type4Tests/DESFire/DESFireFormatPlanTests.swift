import TagFrames
import Testing
import Type4

/// The AN11004 v2 format sequence: order, roles, exact commands, and the plans a torn format
/// leaves to finish.
@Suite struct DESFireFormatPlanTests {
    typealias App = DESFireNDEFApplication

    @Test func order() throws {
        let plan = try DESFireFormatPlan.make(ndefFileSize: 0x0800).get()
        #expect(
            plan.steps.map(\.purpose) == [
                .selectPICC, .createApplication, .selectApplication, .createCCFile, .writeCC, .restrictCCFile,
                .createNDEFFile, .clearNDEFLength,
            ])
        #expect(
            plan.steps.map(\.role) == [.preparation, .setup, .preparation, .setup, .setup, .setup, .commit, .finish])
        // Exactly one commit, and it is the NDEF file's creation: after it, and only after it,
        // the CC names a file that exists.
        #expect(plan.steps.filter { $0.role == .commit }.map(\.purpose) == [.createNDEFFile])
    }

    @Test func commands() throws {
        let plan = try DESFireFormatPlan.make(ndefFileSize: 0x0800, aes: true).get()
        let bytes = plan.steps.map(\.command.bytes)
        #expect(bytes[0] == [0x90, 0x5A, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00])
        #expect(
            bytes[1] == [
                0x90, 0xCA, 0x00, 0x00, 0x0E, 0x01, 0x00, 0x00, 0x0F, 0xA1, 0x10, 0xE1,
                0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00,
            ])
        #expect(bytes[2] == [0x90, 0x5A, 0x00, 0x00, 0x03, 0x01, 0x00, 0x00, 0x00])
        // The CC file is created with every right free (EE EE)…
        #expect(
            bytes[3] == [0x90, 0xCD, 0x00, 0x00, 0x09, 0x01, 0x03, 0xE1, 0x00, 0xEE, 0xEE, 0x0F, 0x00, 0x00, 0x00])
        // …written with the native WriteData (3D: file 01, offset 0, length 15, the CC)…
        #expect(
            bytes[4] == [0x90, 0x3D, 0x00, 0x00, 0x16, 0x01, 0x00, 0x00, 0x00, 0x0F, 0x00, 0x00]
                + [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00] + [0x00])
        // …and given AN11004's rights E000 (00 E0 on the wire) in plain.
        #expect(bytes[5] == [0x90, 0x5F, 0x00, 0x00, 0x04, 0x01, 0x00, 0x00, 0xE0, 0x00])
        #expect(
            bytes[6] == [0x90, 0xCD, 0x00, 0x00, 0x09, 0x02, 0x04, 0xE1, 0x00, 0xE0, 0xEE, 0x00, 0x08, 0x00, 0x00])
        #expect(
            bytes[7] == [0x90, 0x3D, 0x00, 0x00, 0x09, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00])
        let des = try DESFireFormatPlan.make(ndefFileSize: 0x0800, aes: false).get()
        #expect(des.steps[1].command.data[4] == 0x21 && !des.aes && plan.aes)
    }

    @Test func sizeFollowsTheCC() throws {
        for size in [5, 0x1E00, 0xFFFE] {
            let plan = try DESFireFormatPlan.make(ndefFileSize: size).get()
            let create = try #require(plan.steps.first { $0.purpose == .createNDEFFile }?.command)
            #expect(Array(create.data.suffix(3)) == NTAG424Command.littleEndian3(size))
            let write = try #require(plan.steps.first { $0.purpose == .writeCC }?.command)
            let cc = try Type4CapabilityContainer.parse(Array(write.data.dropFirst(7))).get()
            #expect(cc.ndefFile.maximumSize == size && plan.ndefFileSize == size)
        }
        #expect(
            DESFireFormatPlan.make(ndefFileSize: 4) == .failure(.ndefFileSize(bytes: 4, minimum: 5, maximum: 0xFFFE)))
        #expect(
            DESFireFormatPlan.make(ndefFileSize: 0x1_0000)
                == .failure(.ndefFileSize(bytes: 0x1_0000, minimum: 5, maximum: 0xFFFE)))
    }

    /// Each state a tear can leave gets exactly the steps still missing; a finished card none.
    @Test func aResumedFormatSendsOnlyWhatIsMissing() throws {
        func purposes(_ state: DESFireNDEFState, size: Int = 0x0800) throws -> [DESFireFormatStep.Purpose] {
            try DESFireFormatPlan.make(ndefFileSize: size, state: state).get().steps.map(\.purpose)
        }
        // The application exists without files.
        #expect(
            try purposes(DESFireNDEFState(applicationExists: true)) == [
                .selectApplication, .createCCFile, .writeCC, .restrictCCFile, .createNDEFFile, .clearNDEFLength,
            ])
        // The CC file exists with its rights still open: the CC may be torn, so it is written again.
        let open = DESFireNDEFState(
            applicationExists: true, files: [App.ccFileNumber], ccAccessRights: DESFireFormatPlan.openCCAccessRights)
        #expect(
            try purposes(open) == [.selectApplication, .writeCC, .restrictCCFile, .createNDEFFile, .clearNDEFLength])
        // The CC is final and names 0x0400 bytes: the NDEF file is created with the CC's size,
        // whatever size this run asked for.
        let final = DESFireNDEFState(
            applicationExists: true, files: [App.ccFileNumber], ccAccessRights: App.ccAccessRights,
            ccNDEFFileSize: 0x0400)
        let plan = try DESFireFormatPlan.make(ndefFileSize: 0x0800, state: final).get()
        #expect(plan.steps.map(\.purpose) == [.selectApplication, .createNDEFFile, .clearNDEFLength])
        #expect(plan.ndefFileSize == 0x0400)
        #expect(Array(plan.steps[1].command.data.suffix(3)) == NTAG424Command.littleEndian3(0x0400))
        // Everything in place: nothing to send.
        var complete = final
        complete.files.insert(App.ndefFileNumber)
        #expect(complete.isComplete)
        #expect(try purposes(complete).isEmpty)
        #expect(!final.isComplete && !open.isComplete && !DESFireNDEFState.absent.isComplete)
    }
}
