import Crypto
import Foundation

/// The wallet key: 32 random bytes shared by every device of a sealed remote (through the pairing
/// words, ``PairingWords``) and never stored in git. Three keys are derived from it with HKDF-SHA256,
/// one per use: the ChaChaPoly key that seals files, the HMAC key of their synthetic nonces and the
/// HMAC key of their names; its id (16 hex digits of an HMAC) tells which key sealed a file without
/// revealing anything of it.
struct WalletKey: Equatable, Sendable {
    /// The key's bytes.
    let bytes: [UInt8]
    /// The key for ChaChaPoly.
    let sealing: SymmetricKey
    /// The HMAC key of a sealed file's nonce (``SealedFiles``).
    let nonces: SymmetricKey
    /// The HMAC key of a sealed file's name.
    let names: SymmetricKey
    /// 8 bytes naming the key in every sealed file's header and in the remote's `sealed/wallet.json`.
    let id: [UInt8]

    /// The key's length in bytes.
    static let length = 32

    /// A key from its bytes, or nil when they are not 32.
    init?(bytes: [UInt8]) {
        guard bytes.count == Self.length else { return nil }
        self.bytes = bytes
        let master = SymmetricKey(data: bytes)
        func derived(_ use: String) -> SymmetricKey {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("wallet sync \(use)".utf8), outputByteCount: 32)
        }
        sealing = derived("seal")
        nonces = derived("nonce")
        names = derived("name")
        id = Array(HMAC<SHA256>.authenticationCode(for: Data("wallet sync key id".utf8), using: derived("id")).prefix(8))
    }

    /// A new random key (the system's secure random generator, through swift-crypto).
    static func random() -> WalletKey {
        WalletKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })!
    }

    /// The id as 16 lower-case hex digits.
    var idText: String { Hex.text(id) }

    static func == (one: WalletKey, two: WalletKey) -> Bool { one.bytes == two.bytes }
}

/// Lower-case hexadecimal text of bytes, and back.
enum Hex {
    static func text(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of lower-case hex text, or nil.
    static func bytes(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
