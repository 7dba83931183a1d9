import Foundation
import GRDB
import Testing
@testable import WalletCore
import WalletTestSupport

/// Card art in the database: stored with the card in one transaction, read back by role without
/// the list reading image bytes, edited, removed with the card, validated, and added to an
/// existing database by the `v3: card art` migration.
@Suite struct CardArtStoreTests {
    /// Bytes that pass the store's own check (a PNG signature and a size); the store does not
    /// decode images (the CardArt room's intake does, before).
    private func image(_ width: Int, _ height: Int, tag: UInt8) -> CardImage {
        CardImage(png: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, tag]), width: width, height: height)
    }

    private func card(_ number: Int, _ store: String) -> Card {
        TestCards.card(number, store, code: "C\(number)", format: nil, color: "#112233")
    }

    @Test func artIsStoredWithTheCardAndReadBackByRole() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let art = CardArtwork(
            images: [.logo: image(480, 150, tag: 1), .icon: image(87, 87, tag: 2)], foregroundColor: "#ffffff", labelColor: nil)
        let card = try repository.add(draft("Coffee"), art: art)
        let plain = try repository.add(draft("Plain"))
        #expect(card.art.roles == [.logo, .icon] && card.art.foregroundColor == "#FFFFFF" && card.art.digest?.count == 16)
        let reader = try CardReader(container: home.container)
        let listed = try reader.cards(includeArchived: false)
        #expect(listed.first { $0.id == card.id }?.art == card.art)
        #expect(listed.first { $0.id == plain.id }?.art == CardArtSummary.none)
        #expect(try reader.image(.logo, of: card.id) == art.images[.logo])
        #expect(try reader.image(.logo, of: plain.id) == nil)
        #expect(try reader.images(.icon, of: [card.id, plain.id]) == [card.id: art.images[.icon]!])
        #expect(try reader.art(of: listed)[card.id]?.images == art.images)
        #expect(try repository.art(of: [card])[card.id]?.foregroundColor == "#FFFFFF")
    }

    @Test func editsChangeOnlyWhatDiffersAndBumpTheGeneration() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Coffee"))
        let start = try repository.dataGeneration()
        let logo = image(100, 50, tag: 7)
        #expect(try repository.update(card, art: CardArtChange(images: [.logo: logo])))
        #expect(try repository.dataGeneration() == start + 1)
        let stored = try #require(try repository.card(id: card.id))
        #expect(stored.art.roles == [.logo] && stored.fields == card.fields)
        #expect(try !repository.update(stored, art: CardArtChange(images: [.logo: logo])))
        #expect(try repository.dataGeneration() == start + 1)
        let replaced = image(100, 50, tag: 8)
        #expect(try repository.update(stored, art: CardArtChange(images: [.logo: replaced])))
        #expect(try repository.card(id: card.id)?.art.digest != stored.art.digest)
        #expect(try repository.update(stored, art: CardArtChange(removed: [.logo])))
        #expect(try repository.card(id: card.id)?.art == CardArtSummary.none)
        #expect(try repository.image(.logo, of: card.id) == nil)
        #expect(try repository.dataGeneration() == start + 3)
    }

    @Test func removingACardRemovesItsImages() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Coffee"), art: CardArtwork(images: [.strip: image(1125, 369, tag: 3)]))
        try repository.remove(id: card.id)
        let queue = try DatabaseQueue(path: home.databasePath)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM cardImage") } == 0)
    }

    @Test func invalidArtIsRefusedAndNothingIsWritten() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let tooWide = CardArtwork(images: [.logo: image(481, 150, tag: 1)])
        #expect(throws: CardValidationError.invalidImage(role: .logo, reason: "is 481x150 px, outside 1x1 to 480x150")) {
            try repository.add(draft("Coffee"), art: tooWide)
        }
        let notPNG = CardArtwork(images: [.icon: CardImage(png: Data("GIF89a".utf8), width: 1, height: 1)])
        #expect(throws: CardValidationError.invalidImage(role: .icon, reason: "is not a PNG")) {
            try repository.add(draft("Coffee"), art: notPNG)
        }
        #expect(throws: CardValidationError.invalidArtColor(field: "labelColor", value: "blue")) {
            try repository.add(draft("Coffee"), art: CardArtwork(labelColor: "blue"))
        }
        #expect(try repository.cards(includeArchived: true).isEmpty)
        #expect(try repository.dataGeneration() == 0)
    }

    @Test func importStoresArtOfAddedCardsOnlyInOneTransaction() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let first = card(1, "One")
        let second = card(2, "Two")
        let art = [
            first.id: CardArtwork(images: [.front: image(1200, 750, tag: 4)]), second.id: CardArtwork(foregroundColor: "#000000"),
        ]
        let summary = try repository.importCards([first, second], groups: [], usageEvents: [], art: art)
        #expect(summary.added == 2)
        #expect(try repository.card(id: first.id)?.art.roles == [.front])
        #expect(try repository.card(id: second.id)?.art.foregroundColor == "#000000")
        let bad = [card(3, "Three").id: CardArtwork(foregroundColor: "nope")]
        #expect(throws: WalletStoreError.self) {
            try repository.importCards([card(3, "Three")], groups: [], usageEvents: [], art: bad)
        }
        #expect(try repository.cards(includeArchived: true).count == 2)
    }

    @Test func aVersion2DatabaseGainsTheArtTablesOnOpen() throws {
        let home = TemporaryContainer()
        let card = try home.repository().add(draft("Old"))
        let queue = try DatabaseQueue(path: home.databasePath)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE cardImage")
            for column in ["foregroundColor", "labelColor", "artRoles", "artDigest"] {
                try db.execute(sql: "ALTER TABLE card DROP COLUMN \(column)")
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3: card art'")
        }
        try queue.close()
        let reopened = try home.repository()
        #expect(try reopened.card(id: card.id)?.art == CardArtSummary.none)
        _ = try reopened.update(card, art: CardArtChange(images: [.logo: image(10, 10, tag: 1)]))
        #expect(try reopened.card(id: card.id)?.art.roles == [.logo])
    }

    @Test func theDigestFollowsImagesAndColors() {
        let base = CardArtwork(images: [.logo: image(10, 10, tag: 1)])
        var recolored = base
        recolored.labelColor = "#111111"
        var other = base
        other.images[.logo] = image(10, 10, tag: 2)
        let digests = [base, recolored, other].map { $0.summary.digest }
        #expect(Set(digests).count == 3)
        #expect(base.summary.digest == CardArtwork(images: [.logo: image(10, 10, tag: 1)]).summary.digest)
        #expect(CardArtwork.none.summary == CardArtSummary.none)
    }
}
