import Ciphers
import TagFrames

/// Secure messaging on the tag's side (NTAG 424 DNA datasheet §9.1.2, §9.1.8–§9.1.10; reference
/// §2.5): checking a command's MAC, deciphering its data, counting it, and protecting the answer.
/// NTAG 424 DNA and MIFARE DESFire EV3 share it: the same EV2 secure messaging of the same
/// DESFire EV2 command set.
extension EV2SecureChip {
    /// Carries out a native command whose first `headerLength` data bytes are its header.
    ///
    /// Without a session the command is plain: `execute` gets the header and the rest as sent, and
    /// a command that `requiresSession` is `91 AE`. In a session the command must be sent in
    /// `mode`: in MAC and FULL modes its last 8 bytes are MACt over INS ‖ CmdCtr ‖ TI ‖ header ‖
    /// rest, and in FULL the rest is deciphered with IVc and unpadded (`91 1E` otherwise). Then the
    /// counter goes up by one, `execute` runs with the session's key number, and its data goes
    /// back as the mode says (MACt over SC ‖ CmdCtr ‖ TI ‖ data, data enciphered with IVr in
    /// FULL). Any error ends the session and is sent without a MAC.
    mutating func secured(
        _ command: CommandAPDU, headerLength: Int, mode: EV2CommMode, requiresSession: Bool = false,
        _ execute: (_ header: [UInt8], _ rest: [UInt8], _ authenticatedKey: UInt8?) -> NTAG424Outcome
    ) -> ResponseAPDU {
        let raw = command.data
        guard var current = session else {
            if requiresSession { return .init(status: Self.native(0xAE)) }
            guard raw.count >= headerLength else { return .init(status: Self.native(0x7E)) }
            let outcome = execute(Array(raw.prefix(headerLength)), Array(raw.dropFirst(headerLength)), nil)
            return .init(data: outcome.isSuccess ? outcome.data : [], status: outcome.status)
        }
        let header: [UInt8]
        let rest: [UInt8]
        switch mode {
        case .plain:
            guard raw.count >= headerLength else { return refuse(0x7E) }
            header = Array(raw.prefix(headerLength))
            rest = Array(raw.dropFirst(headerLength))
        case .mac, .full:
            guard raw.count >= headerLength + 8 else { return refuse(0x7E) }
            let body = Array(raw.prefix(raw.count - 8))
            let received = Array(raw.suffix(8))
            guard ConstantTime.equal(current.commandMAC(ins: command.ins, body: body), received) else {
                return refuse(0x1E)
            }
            header = Array(body.prefix(headerLength))
            let sent = Array(body.dropFirst(headerLength))
            if mode == .full && !sent.isEmpty {
                guard let plain = current.decipherCommand(sent) else { return refuse(0x1E) }
                rest = plain
            } else {
                rest = sent
            }
        }
        current.commandCounter &+= 1
        session = current
        let outcome = execute(header, rest, current.keyNumber)
        guard outcome.isSuccess else { return refuse(outcome.status.sw2) }
        if outcome.endsSession {
            session = nil
            return .init(status: outcome.status)
        }
        return protect(outcome, mode: mode, session: current)
    }

    /// The response of a successful command in a session, in `mode`.
    func protect(_ outcome: NTAG424Outcome, mode: EV2CommMode, session: EV2TagSession) -> ResponseAPDU {
        switch mode {
        case .plain:
            return .init(data: outcome.data, status: outcome.status)
        case .mac:
            let mac = session.responseMAC(code: outcome.status.sw2, data: outcome.data)
            return .init(data: outcome.data + mac, status: outcome.status)
        case .full:
            let sent = outcome.data.isEmpty ? [] : session.encipherResponse(outcome.data)
            return .init(data: sent + session.responseMAC(code: outcome.status.sw2, data: sent), status: outcome.status)
        }
    }

    // MARK: The mode a file command travels in

    /// ChangeFileSettings: plain when the file's Change condition is `E` (§10.7.1: "either
    /// CommMode.Plain or CommMode.Full based on current access right of the file"), FULL otherwise.
    func changeFileSettingsMode(_ data: [UInt8], memory: Type4Memory) -> EV2CommMode {
        guard let number = data.first, let index = memory.index(ofNumber: number),
            let rights = memory.files[index].accessRights
        else { return .full }
        return rights.change == Type4AccessRights.free ? .plain : .full
    }

    /// ReadData and WriteData: the file's mode when the session's key grants access, plain when
    /// access is free (a modelling choice, see ``Type4AccessRights/Grant``). A file that does not
    /// exist, or access that is refused, still needs its MAC checked first: the file's mode, or
    /// MAC when there is no file.
    func dataMode(_ data: [UInt8], write: Bool, memory: Type4Memory) -> EV2CommMode {
        guard let number = data.first, let index = memory.index(ofNumber: number) else { return .mac }
        let file = memory.files[index]
        let option = file.settings.map { $0.count > 1 ? $0[1] : 0 } ?? 0
        guard let rights = file.accessRights else { return .plain }
        let key = session?.keyNumber
        let grant = write ? rights.writeGrant(authenticatedKey: key) : rights.readGrant(authenticatedKey: key)
        return grant == .free ? .plain : EV2CommMode(fileOption: option)
    }

    // MARK: GetVersion

    /// GetVersion part 1: plain outside a session; in a session MAC mode, its MACt alone as data
    /// (§10.2 Table 22 note: "MAC on command and returned with the last response, calculated over
    /// all 3 responses"). The chain counts once.
    mutating func getVersion(_ command: CommandAPDU) -> ResponseAPDU {
        versionChainMACed = false
        guard var current = session else {
            guard command.data.isEmpty else { return .init(status: Self.native(0x7E)) }
            return versionPart(0)
        }
        guard command.data.count == 8 else { return refuse(0x7E) }
        guard ConstantTime.equal(current.commandMAC(ins: command.ins, body: []), command.data) else {
            return refuse(0x1E)
        }
        current.commandCounter &+= 1
        session = current
        versionChainMACed = true
        return versionPart(0)
    }

    mutating func versionPart(_ part: Int) -> ResponseAPDU {
        switch part {
        case 0, 1:
            guard versionParts.indices.contains(part) else { return refuse(0x1C) }
            versionPartsSent = part + 1
            return .init(data: versionParts[part], status: .additionalFrame)
        default:
            versionPartsSent = 0
            let last = uid + versionPart3Tail
            guard versionChainMACed, let current = session else { return .init(data: last, status: .nativeSuccess) }
            versionChainMACed = false
            let all = versionParts.joined() + last
            return .init(data: last + current.responseMAC(code: 0x00, data: all), status: .nativeSuccess)
        }
    }
}
