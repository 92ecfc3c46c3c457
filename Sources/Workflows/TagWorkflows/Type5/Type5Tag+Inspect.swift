import Originality
import TagFrames
import Type5

extension Type5Tag {
    /// The read over the whole data area, the block security statuses of the CC and data area
    /// (GET MULTIPLE BLOCK SECURITY STATUS, where the carrier and tag answer it), the iOS and
    /// Android compatibility warnings, and on an NXP chip READ SIGNATURE (checked against NXP's
    /// ICODE SLIX2 key, secp128r1) and GET NXP SYSTEM INFO, where supported.
    public func inspect() async throws -> Type5Inspection {
        beginOperation()
        let identification = try await identify()
        var snapshot = try await readSnapshot(identification, whole: true)
        var security: [Int: Bool]?
        if let cc = snapshot.cc {
            let last = (cc.length + cc.dataAreaBytes - 1) / snapshot.blockSize
            security = try await readBlockSecurity(through: last, extended: cc.usesExtendedCommands)
            snapshot.blockSecurity = security ?? [:]
        }
        var signature: [UInt8]?
        var nxp: ICODESystemInfo?
        var check: SignatureCheck?
        if Type5Identification.identify(uid: uid).manufacturerCode == ICODECommand.manufacturerCode,
            !identification.carrierIsRestricted
        {
            signature = try? await expectSuccess(ICODECommand.signature(), block: nil, expected: 32)
            if let payload = try? await expectSuccess(ICODECommand.nxpSystemInfo(), block: nil) {
                nxp = ICODESystemInfo.parse(payload)
            }
            check = SignatureCheck.check(uid: uid, signature: signature, scheme: .icodeSLIX2)
        }
        let read = Type5ReadReport(
            identification: identification, uid: uid, snapshot: snapshot, content: Self.content(of: snapshot),
            statistics: takeStatistics())
        return Type5Inspection(
            read: read, warnings: Type5Compatibility.warnings(for: snapshot), blockSecurity: security,
            signature: signature, signatureCheck: check, nxpSystemInfo: nxp)
    }
}
