#!/usr/bin/env bash
# The cost of constant-time AES (Sources/Support/Ciphers): blocks per second of AES-128
# encryption and decryption and of AES-CMAC, in a release (-O) build of the Ciphers sources with
# a small driver, outside SwiftPM and the test suite (a timed test would be flaky on shared CI).
# usage: scripts/aes-throughput.sh [seconds per measurement, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/main.swift" <<SWIFT
import Foundation

let seconds = $seconds.0
let cipher = try AES128(key: [UInt8](repeating: 0x2B, count: 16))
let cmac = try AESCMAC(key: [UInt8](repeating: 0x2B, count: 16))
let data = [UInt8](repeating: 0x6B, count: 16 * 256)

func measure(_ name: String, blocksPerCall: Int, _ body: () throws -> [UInt8]) rethrows {
    var blocks = 0
    var sink: UInt8 = 0
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
        sink ^= try body()[0]
        blocks += blocksPerCall
    }
    let rate = Double(blocks) / Date().timeIntervalSince(start)
    let label = name.padding(toLength: 24, withPad: " ", startingAt: 0)
    print(label + String(format: "%10.0f blocks/s  %6.2f MB/s  (checksum %02x)", rate, rate * 16 / 1e6, sink))
}

try measure("AES-128 encrypt (ECB)", blocksPerCall: 256) { try cipher.encryptECB(data) }
try measure("AES-128 decrypt (ECB)", blocksPerCall: 256) { try cipher.decryptECB(data) }
measure("AES-CMAC (4 KiB)", blocksPerCall: 256) { cmac.mac(data) }
try measure("key setup + one block", blocksPerCall: 1) { try AES128(key: data.prefix(16).map { \$0 }).encrypt(block: data.prefix(16).map { \$0 }) }
SWIFT
swiftc -O -wmo -module-name CiphersBench Sources/Support/Ciphers/*.swift "$work/main.swift" -o "$work/bench"
"$work/bench"
