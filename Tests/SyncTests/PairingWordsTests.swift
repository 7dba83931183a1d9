import Crypto
import Foundation
import Testing

@testable import Sync

/// The pairing words: BIP-39's English list as published, BIP 39's own test vectors for 256-bit
/// entropy, a round trip, and the refusals (a word out of the list, a swapped word, a short list).
struct PairingWordsTests {
    @Test func theWordListIsBIP39sEnglishListAsPublished() {
        let file = PairingWordList.words.joined(separator: "\n") + "\n"
        #expect(
            Hex.text(SHA256.hash(data: Data(file.utf8))) == "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda")
        #expect(Set(PairingWordList.words).count == 2048)
    }

    /// trezor/python-mnemonic's vectors.json, the 256-bit entries.
    @Test(arguments: [
        (
            String(repeating: "00", count: 32),
            Array(repeating: "abandon", count: 23).joined(separator: " ") + " art"
        ),
        (
            String(repeating: "7f", count: 32),
            Array(repeating: "legal winner thank year wave sausage worth useful", count: 3).joined(separator: " ")
                .replacingOccurrences(of: "useful$", with: "title", options: .regularExpression)
        ),
        (String(repeating: "ff", count: 32), Array(repeating: "zoo", count: 23).joined(separator: " ") + " vote"),
        (
            "68a79eaca2324873eacc50cb9c6eca8cc68ea5d936f98787c60c7ebc74e6ce7c",
            "hamster diagram private dutch cause delay private meat slide toddler razor book happy fancy gospel tennis maple dilemma loan word shrug inflict delay length"
        ),
    ])
    func bip39Vectors(entropy: String, words: String) throws {
        let bytes = try #require(Hex.bytes(entropy))
        let key = try #require(WalletKey(bytes: bytes))
        #expect(PairingWords.words(for: key) == words)
        #expect(try PairingWords.key(from: words) == key)
    }

    @Test func wordsRoundTripWhateverTheSpacingAndCase() throws {
        let key = WalletKey.random()
        let words = PairingWords.words(for: key)
        #expect(words.split(separator: " ").count == 24)
        #expect(try PairingWords.key(from: "  " + words.uppercased().replacingOccurrences(of: " ", with: ",\n ")) == key)
    }

    @Test func aWrongWordAMissingWordOrASwapIsRefused() {
        var words = PairingWords.words(for: WalletKey.random()).split(separator: " ").map(String.init)
        #expect(throws: SyncError.badPairingWords("word 3, 'walletx', is not in the list")) {
            var wrong = words
            wrong[2] = "walletx"
            _ = try PairingWords.key(from: wrong.joined(separator: " "))
        }
        #expect(throws: SyncError.badPairingWords("23 words instead of 24")) {
            _ = try PairingWords.key(from: words.dropLast().joined(separator: " "))
        }
        // Changing one word to another of the list breaks the checksum (1 in 256 would pass: pick
        // the change that does not).
        let original = words[0]
        for candidate in PairingWordList.words.prefix(8) where candidate != original {
            words[0] = String(candidate)
            if (try? PairingWords.key(from: words.joined(separator: " "))) == nil { break }
        }
        #expect(throws: SyncError.badPairingWords("the checksum does not match: a word is wrong or out of order")) {
            _ = try PairingWords.key(from: words.joined(separator: " "))
        }
    }
}
