import Foundation
import Testing

@testable import Sync

/// Sealed files: a round trip, the same bytes for the same file (so git keeps one blob), names
/// that hide the path, and a refusal in one line for a tampered file, a file sealed under another
/// key, a file moved to another name and something that is not a sealed file.
struct SealedFilesTests {
    let files = SealedFiles(key: WalletKey.random())
    let path = "cards/3f2504e0-4f89-41d3-9a0c-0305e82c3301.json"
    let content = Data("{\n\"store\": {\"edited\": \"2026-11-22T09:30:00Z\", \"value\": \"Tesco\"}\n}\n".utf8)

    @Test func aSealedFileOpensToItsPathAndContents() throws {
        let stored = files.storedPath(path)
        #expect(stored.hasPrefix("sealed/cards/") && stored.count == "sealed/cards/".count + 64)
        #expect(!stored.contains("3f2504e0"))
        let sealed = files.seal(content, path: path, stored: stored)
        #expect(sealed.range(of: Data("Tesco".utf8)) == nil)
        let opened = try files.open(sealed, stored: stored)
        #expect(opened.path == path && opened.content == content)
    }

    @Test func theSameFileSealsToTheSameBytesAndAnotherToOthers() {
        let stored = files.storedPath(path)
        #expect(files.seal(content, path: path, stored: stored) == files.seal(content, path: path, stored: stored))
        var other = content
        other[other.count - 3] ^= 1
        let one = files.seal(content, path: path, stored: stored), two = files.seal(other, path: path, stored: stored)
        #expect(one.prefix(23) != two.prefix(23))  // another nonce
        let another = SealedFiles(key: WalletKey.random())
        #expect(another.storedPath(path) != stored)
    }

    @Test func imagesAndUsageHaveTheirKindsFolder() {
        #expect(files.storedPath("cards/3f2504e0-4f89-41d3-9a0c-0305e82c3301/logo.png").hasPrefix("sealed/images/"))
        #expect(files.storedPath("usage/laptop.jsonl").hasPrefix("sealed/usage/"))
    }

    @Test func aTamperedFileIsRefused() {
        let stored = files.storedPath(path)
        var sealed = files.seal(content, path: path, stored: stored)
        sealed[sealed.count - 20] ^= 0x01
        #expect(throws: SyncError.refusedFile(path: stored, reason: "altered or damaged: it does not open with the wallet key")) {
            _ = try files.open(sealed, stored: stored)
        }
    }

    @Test func aFileSealedUnderAnotherKeyIsRefused() {
        let other = SealedFiles(key: WalletKey.random())
        let stored = files.storedPath(path)
        #expect(throws: SyncError.refusedFile(path: stored, reason: "sealed under another key")) {
            _ = try files.open(other.seal(content, path: path, stored: stored), stored: stored)
        }
    }

    @Test func aFileMovedToAnotherNameIsRefused() {
        let elsewhere = files.storedPath("cards/00000000-0000-4000-8000-000000000000.json")
        let sealed = files.seal(content, path: path, stored: files.storedPath(path))
        #expect(
            throws: SyncError.refusedFile(path: elsewhere, reason: "altered or damaged: it does not open with the wallet key")
        ) {
            _ = try files.open(sealed, stored: elsewhere)
        }
        // Sealed for that name but naming another path inside: refused too.
        #expect(throws: SyncError.refusedFile(path: elsewhere, reason: "its name is not the one its contents say")) {
            _ = try files.open(files.seal(content, path: path, stored: elsewhere), stored: elsewhere)
        }
    }

    @Test func somethingElseIsRefused() {
        #expect(throws: SyncError.refusedFile(path: "sealed/cards/x", reason: "not a sealed wallet file")) {
            _ = try files.open(Data("{\"store\": \"Tesco\"}".utf8), stored: "sealed/cards/x")
        }
    }

    @Test func messagesAndTheMarker() throws {
        let message = files.sealMessage("laptop: 1 cards changed\n\ncards/x.json Tesco: note")
        #expect(!message.contains("Tesco"))
        #expect(files.openMessage(message) == "laptop: 1 cards changed\n\ncards/x.json Tesco: note")
        #expect(SealedFiles(key: WalletKey.random()).openMessage(message) == nil)
        #expect(SealedFiles.keyID(inMarker: files.marker) == files.key.idText)
        #expect(SealedFiles.keyID(inMarker: Data("{\"format\": 2, \"key\": \"0011223344556677\"}".utf8)) == nil)
    }
}
