import Foundation
import TapCardSupport
import Testing

@testable import NDEF

/// The Bluetooth pairing record against Python's ndeflib 0.3.3 (`ndef.BluetoothEasyPairingRecord`):
/// our record is ndeflib's byte for byte, ndeflib reads ours as we meant it (address, name,
/// class), and we read ndeflib's, with the EIR data structures it adds (Simple Pairing hash and
/// randomizer, a service class list).
@Suite(
    "Agreement with ndeflib 0.3.3: Bluetooth pairing records",
    .enabled(if: PythonNdeflib.shouldRun, PythonNdeflib.skipReason))
struct NdeflibBluetoothAgreementTests {
    /// One case: the words, and our record's hex when we build it.
    struct BluetoothCase: Codable {
        var address: String
        var name: String? = nil
        var cls: Int? = nil
        /// Ask ndeflib to add a Simple Pairing hash and randomizer (C-192, R-192) and a service class.
        var extras = false
        var hex: String? = nil
    }

    struct BluetoothPeer: Codable {
        var enc: String?
        var enc_err: String?
        var address: String?
        var name: String?
        var cls: Int?
        /// The EIR structures of ndeflib's own record, as [type, hex], in its order.
        var eir: [[String]]
    }

    static let script = """
        import sys, json, ndef
        for line in open(sys.argv[1], encoding="utf-8"):
            c = json.loads(line)
            o = {"eir": []}
            try:
                r = ndef.BluetoothEasyPairingRecord(c["address"])
                if c.get("name") is not None:
                    r.device_name = c["name"]
                if c.get("cls") is not None:
                    r.device_class = c["cls"]
                if c["extras"]:
                    r.simple_pairing_hash_192 = 0x00112233445566778899AABBCCDDEEFF
                    r.simple_pairing_randomizer_192 = 0x0F0E0D0C0B0A09080706050403020100
                    r.add_service_class(0x110B)
                o["enc"] = b"".join(ndef.message_encoder([r])).hex()
                o["eir"] = [[str(t), v.hex()] for t, v in r.items()]
            except Exception as e:
                o["enc_err"] = "%s: %s" % (type(e).__name__, e)
            if c.get("hex"):
                (ours,) = ndef.message_decoder(bytes.fromhex(c["hex"]), errors="strict")
                o["address"] = ours.device_address.addr
                o["name"] = ours.device_name
                o["cls"] = ours.device_class.cod
            print(json.dumps(o))
        """

    @Test("Bluetooth OOB: our record is ndeflib's byte for byte; each side reads the other's")
    func bluetooth() throws {
        #expect(PythonNdeflib.isAvailable, "ndeflib 0.3.3 is required (TAPCARD_REQUIRE_PEERS is set)")
        let names: [String?] = [nil, "Speaker", "Böse Box 音箱", "", String(repeating: "n", count: 254)]
        let classes: [UInt32?] = [nil, 0x24_0404, 0x5A_020C, 0, 0xFF_FFFF]
        var cases: [BluetoothCase] = []
        var ours: [NDEFRecord?] = []
        for (index, address) in ["00:1A:7D:DA:71:13", "FF:FF:FF:FF:FF:FF", "00:00:00:00:00:01", "C0:FF:EE:12:34:56"]
            .enumerated()
        {
            for name in names {
                let cls = classes[(index + cases.count) % classes.count]
                let record = try NDEFRecord.bluetooth(
                    address: try BluetoothAddress(address), name: name, deviceClass: cls)
                let hex = Hex.encode(NDEFMessage(records: [record]).encoded())
                cases.append(BluetoothCase(address: address, name: name, cls: cls.map(Int.init), hex: hex))
                ours.append(record)
            }
            cases.append(BluetoothCase(address: address, name: "Headset", cls: 0x24_0404, extras: true))
            ours.append(nil)
        }
        // A name one byte too long for an EIR data structure: both sides refuse it.
        let tooLong = String(repeating: "n", count: 255)
        #expect(throws: RecordValueError.eirDataTooLong(type: 0x09, bytes: 255)) {
            try NDEFRecord.bluetooth(address: try BluetoothAddress("00:1A:7D:DA:71:13"), name: tooLong)
        }
        cases.append(BluetoothCase(address: "00:1A:7D:DA:71:13", name: tooLong))
        ours.append(nil)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-ndeflib-bt-\(getpid()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = try cases.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let output = try PythonNdeflib.run(script: Self.script, arguments: [url.path])
        let peers = try output.split(separator: "\n").map {
            try JSONDecoder().decode(BluetoothPeer.self, from: Data($0.utf8))
        }
        try #require(peers.count == cases.count)

        var compared = 0
        for ((item, record), peer) in zip(zip(cases, ours), peers) {
            if let record, let hex = item.hex {
                // Ours encodes as ndeflib encodes; ndeflib reads ours as we meant it.
                #expect(peer.enc == hex, "\(item.address) \(item.name ?? "-")")
                #expect(peer.address == item.address)
                #expect(peer.name == (item.name ?? ""), "ndeflib reads an absent name as an empty one")
                #expect(peer.cls == (item.cls ?? 0), "ndeflib reads an absent class as 0")
                guard case .mime(let mime) = record.view, let oob = mime.bluetooth else {
                    Issue.record("not a Bluetooth view")
                    continue
                }
                #expect(oob.name == item.name)
                compared += 1
            } else if item.extras {
                // We read ndeflib's record: address, name, class, and every other EIR structure.
                let wire = try Hex.decode(try #require(peer.enc))
                let message = try NDEFMessage.decode(wire)
                guard case .mime(let mime) = message.records.first?.view, let oob = mime.bluetooth else {
                    Issue.record("ndeflib's record is not a Bluetooth view for us")
                    continue
                }
                #expect(oob.address.description == item.address)
                #expect(oob.name == "Headset")
                #expect(oob.deviceClass == 0x24_0404)
                let theirs = peer.eir.filter { !["9", "13"].contains($0[0]) }
                #expect(oob.otherDataStructures.map { [String($0.type), Hex.encode($0.data)] } == theirs)
                #expect(oob.otherDataStructures.map(\.type).sorted() == [0x02, 0x0E, 0x0F])
                compared += 1
            } else {
                #expect(peer.enc == nil)
                #expect(peer.enc_err?.hasPrefix("EncodeError") == true, "\(peer.enc_err ?? "")")
            }
        }
        #expect(compared == cases.count - 1)
        print("ndeflib agreement (Bluetooth): \(cases.count) records")
    }
}
