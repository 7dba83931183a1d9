import Crypto
import Foundation

/// The pairing secret as words: the 32-byte wallet key and a checksum of 8 bits (the first byte of
/// its SHA-256) as 24 words of 11 bits each from BIP-39's English list (``PairingWordList``), the
/// encoding BIP 39 gives 256 bits of entropy. A mistyped or missing word fails the checksum (or is
/// not in the list) instead of joining with a wrong key.
enum PairingWords {
    /// How many words a key takes.
    static let count = 24

    /// The key's words, separated by single spaces.
    static func words(for key: WalletKey) -> String {
        let checksum = Array(SHA256.hash(data: Data(key.bytes)))[0]
        var bits: [Bool] = []
        for byte in key.bytes + [checksum] {
            for shift in (0..<8).reversed() { bits.append(byte >> shift & 1 == 1) }
        }
        return stride(from: 0, to: bits.count, by: 11).map { start in
            let index = bits[start..<(start + 11)].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
            return String(PairingWordList.words[index])
        }.joined(separator: " ")
    }

    /// The key the words give (spaces, commas, new lines and letter case do not matter).
    static func key(from text: String) throws(SyncError) -> WalletKey {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" })
        guard words.count == count else { throw .badPairingWords("\(words.count) words instead of \(count)") }
        var bits: [Bool] = []
        for (position, word) in words.enumerated() {
            guard let index = Self.index[word] else {
                throw .badPairingWords("word \(position + 1), '\(String(word.prefix(20)))', is not in the list")
            }
            for shift in (0..<11).reversed() { bits.append(index >> shift & 1 == 1) }
        }
        let bytes = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        let key = Array(bytes.prefix(WalletKey.length))
        guard Array(SHA256.hash(data: Data(key)))[0] == bytes[WalletKey.length], let walletKey = WalletKey(bytes: key) else {
            throw .badPairingWords("the checksum does not match: a word is wrong or out of order")
        }
        return walletKey
    }

    /// Each word's index.
    private static let index: [Substring: Int] = Dictionary(
        uniqueKeysWithValues: PairingWordList.words.enumerated().map { ($1, $0) })
}
