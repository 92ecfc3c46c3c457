#!/usr/bin/env bash
# The cost of AES behind Ciphers' AESContext, on every backend this machine has (the platform's:
# OpenSSL's libcrypto or CommonCrypto; TapCard's own constant-time Swift AES): blocks per second
# of AES-128 encryption and decryption and of AES-CMAC, in a release (-O) build of the Ciphers
# sources with a small driver, outside SwiftPM and the test suite (a timed test would be flaky).
# usage: scripts/aes-throughput.sh [seconds per measurement, default 2]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/main.swift" <<SWIFT
import Foundation

let seconds = $seconds.0
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

let block = Array(data.prefix(16))
for backend in AESBackend.allCases where backend.isAvailable {
    print("\(backend.rawValue):")
    let cipher = try AESContext(key: [UInt8](repeating: 0x2B, count: 16), backend: backend)
    let cmac = try AESCMAC(key: [UInt8](repeating: 0x2B, count: 16), backend: backend)
    try measure("  encrypt (ECB, 4 KiB)", blocksPerCall: 256) { try cipher.encryptECB(data) }
    try measure("  decrypt (ECB, 4 KiB)", blocksPerCall: 256) { try cipher.decryptECB(data) }
    try measure("  one-block calls", blocksPerCall: 1) { try cipher.encrypt(block: block) }
    measure("  AES-CMAC (4 KiB)", blocksPerCall: 256) { cmac.mac(data) }
    try measure("  key setup + one block", blocksPerCall: 1) {
        try AESContext(key: block, backend: backend, directions: .encrypt).encrypt(block: block)
    }
}
SWIFT
linker=()
[ "$(uname -s)" = Linux ] && linker=(-ldl)
swiftc -O -wmo -module-name CiphersBench Sources/Support/Ciphers/*.swift Sources/Support/Ciphers/Platform/*.swift \
    "$work/main.swift" "${linker[@]}" -o "$work/bench"
"$work/bench"
