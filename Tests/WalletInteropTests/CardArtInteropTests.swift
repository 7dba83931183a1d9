import Foundation
import PNGEncoder
import Testing
import WalletCore
@testable import WalletInterop

/// Card art in the formats: which pass image is chosen, Catima's member names, and the wallet
/// JSON `art` list read back through the image intake.
@Suite struct CardArtInteropTests {
    private func logo() throws -> CardImage {
        let png = try PNGEncoder.encode(width: 4, height: 2, format: .rgba8, compression: .smallest) { y, row in
            for x in 0..<4 {
                row[x * 4] = UInt8(60 * x)
                row[x * 4 + 1] = UInt8(100 * y)
                row[x * 4 + 2] = 7
                row[x * 4 + 3] = 255
            }
        }
        return CardImage(png: Data(png), width: 4, height: 2)
    }

    @Test func aPassGivesItsLargestVariantBesidePassJSON() {
        let paths: Set<String> = ["logo.png", "logo@2x.png", "icon.png", "Pass/strip@3x.png", "Pass/strip.png", "strip@2x.png"]
        #expect(PKPassArt.bestVariant(of: "logo", in: paths, directory: "") == "logo@2x.png")
        #expect(PKPassArt.bestVariant(of: "icon", in: paths, directory: "") == "icon.png")
        #expect(PKPassArt.bestVariant(of: "strip", in: paths, directory: "Pass/") == "Pass/strip@3x.png")
        #expect(PKPassArt.bestVariant(of: "thumbnail", in: paths, directory: "") == nil)
    }

    @Test func aPassLooksInTheUsersLanguageFolderFirst() {
        let paths: Set<String> = [
            "pass.json", "logo@3x.png", "de.lproj/logo.png", "de.lproj/pass.strings", "fr.lproj/pass.strings",
        ]
        #expect(PKPassArt.imageDirectories(in: paths, directory: "", languages: ["de-CH"]) == ["de.lproj/", ""])
        #expect(PKPassArt.imageDirectories(in: ["pass.json", "logo.png"], directory: "", languages: ["de"]) == [""])
        let german = PKPassArt.imageDirectories(in: paths, directory: "", languages: ["de"])
        #expect(
            german.lazy.compactMap { PKPassArt.bestVariant(of: "logo", in: paths, directory: $0) }.first == "de.lproj/logo.png")
        let french = PKPassArt.imageDirectories(in: paths, directory: "", languages: ["fr"])
        #expect(french.lazy.compactMap { PKPassArt.bestVariant(of: "logo", in: paths, directory: $0) }.first == "logo@3x.png")
    }

    @Test func catimaMembersAreNumberedLikeItsCSV() throws {
        let cards = [
            Card(fields: CardFields(store: "A", code: "1"), createdAt: Date()),
            Card(fields: CardFields(store: "B", code: "2"), createdAt: Date()),
        ]
        var archive = WalletArchive(cards: cards)
        archive.art[cards[1].id] = CardArtwork(images: [.front: try logo(), .icon: try logo(), .logo: try logo()])
        #expect(CatimaArt.members(of: archive).map(\.0) == ["card_2_front.png", "card_2_icon.png"])
    }

    @Test func walletJSONCarriesArtAndTakesItInAgain() throws {
        let card = Card(fields: CardFields(store: "Coffee", code: "1"), createdAt: Date(timeIntervalSince1970: 0))
        var archive = WalletArchive(cards: [card])
        archive.art[card.id] = CardArtwork(images: [.logo: try logo()], foregroundColor: "#FFFFFF", labelColor: nil)
        let codec = WalletJSONCodec(now: Date(timeIntervalSince1970: 0))
        let decoded = try codec.decode(try codec.encode(archive), file: "w.json")
        let art = try #require(decoded.art[card.id])
        #expect(art.foregroundColor == "#FFFFFF" && art.labelColor == nil)
        #expect(art.images[.logo]?.width == 4 && art.images[.logo]?.height == 2)
        #expect(art.images[.logo] == archive.art[card.id]?.images[.logo])  // the intake's own settings, the same bytes
        let plain = try codec.encode(WalletArchive(cards: [card]))
        #expect(!String(decoding: plain, as: UTF8.self).contains("\"art\""))
    }

    @Test func walletJSONArtForAnUnknownCardIsRefused() throws {
        let card = Card(fields: CardFields(store: "Coffee", code: "1"), createdAt: Date(timeIntervalSince1970: 0))
        let json = """
            {"format":"wallet","version":1,"cards":[\(String(decoding: CardJSONWriter.object(card), as: UTF8.self))],
             "art":[{"card":"00000000-0000-0000-0000-000000000009","foregroundColor":null,"labelColor":null,"images":[]}]}
            """
        #expect(throws: ImportError.self) { try WalletJSONCodec(now: Date()).decode(Data(json.utf8), file: "w.json") }
    }
}
