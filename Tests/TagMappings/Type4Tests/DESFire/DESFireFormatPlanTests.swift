import TagFrames
import Testing
import Type4

/// The AN11004 v2 format sequence: order, roles and exact commands.
@Suite struct DESFireFormatPlanTests {
    @Test func order() throws {
        let plan = try DESFireFormatPlan.make(ndefFileSize: 0x0800).get()
        #expect(
            plan.steps.map(\.purpose) == [
                .selectPICC, .authenticatePICCMasterKey, .createApplication, .selectApplication,
                .authenticateApplicationMasterKey, .createCCFile, .writeCC, .createNDEFFile, .clearNDEFLength,
            ])
        #expect(
            plan.steps.map(\.role) == [
                .preparation, .preparation, .setup, .preparation, .preparation, .setup, .setup, .commit, .finish,
            ])
        // Exactly one commit, and it is the NDEF file's creation: after it, and only after it,
        // the CC names a file that exists.
        #expect(plan.steps.filter { $0.role == .commit }.map(\.purpose) == [.createNDEFFile])
        #expect(plan.steps.filter { $0.command == nil }.count == 2)
    }

    @Test func commands() throws {
        let plan = try DESFireFormatPlan.make(ndefFileSize: 0x0800, aes: true).get()
        let bytes = plan.steps.map { $0.command?.bytes }
        #expect(bytes[0] == [0x90, 0x5A, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00])
        #expect(
            bytes[2] == [
                0x90, 0xCA, 0x00, 0x00, 0x0E, 0x01, 0x00, 0x00, 0x0F, 0xA1, 0x10, 0xE1,
                0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00,
            ])
        #expect(bytes[3] == [0x90, 0x5A, 0x00, 0x00, 0x03, 0x01, 0x00, 0x00, 0x00])
        #expect(
            bytes[5] == [0x90, 0xCD, 0x00, 0x00, 0x09, 0x01, 0x03, 0xE1, 0x00, 0x00, 0xE0, 0x0F, 0x00, 0x00, 0x00])
        // WriteData file 01, offset 0, length 15, then the CC.
        #expect(
            bytes[6] == [0x90, 0x8D, 0x00, 0x00, 0x16, 0x01, 0x00, 0x00, 0x00, 0x0F, 0x00, 0x00]
                + [0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x08, 0x00, 0x00, 0x00] + [0x00])
        #expect(
            bytes[7] == [0x90, 0xCD, 0x00, 0x00, 0x09, 0x02, 0x04, 0xE1, 0x00, 0xE0, 0xEE, 0x00, 0x08, 0x00, 0x00])
        #expect(
            bytes[8] == [0x90, 0x8D, 0x00, 0x00, 0x09, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00])
        let des = try DESFireFormatPlan.make(ndefFileSize: 0x0800, aes: false).get()
        #expect(des.steps[2].command?.data[4] == 0x21 && !des.aes && plan.aes)
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
}
