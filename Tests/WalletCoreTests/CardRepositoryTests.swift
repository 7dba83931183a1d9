import Barcodes
import Foundation
import Testing
import WalletTestSupport
import WalletCore

@Suite struct CardRepositoryTests {
    @Test func addListsFavoritesFirstAndHidesArchived() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let zeta = try repository.add(draft("Zeta"))
        var alpha = draft("alpha")
        alpha.archived = true
        _ = try repository.add(alpha)
        var beta = draft("Beta")
        beta.favorite = true
        let favorite = try repository.add(beta)
        #expect(try repository.cards(includeArchived: false).map(\.store) == ["Beta", "Zeta"])
        #expect(try repository.cards(includeArchived: true).map(\.store) == ["Beta", "alpha", "Zeta"])
        #expect(try repository.card(id: zeta.id) == zeta)
        #expect(try repository.card(id: favorite.id)?.favorite == true)
        #expect(try repository.card(id: UUID()) == nil)
    }

    @Test func searchIgnoresCaseAndAccentsInStoreAndNote() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        _ = try repository.add(draft("Käse Laden"))
        _ = try repository.add(draft("Bakery", note: "Croissants\nand CRÈME"))
        _ = try repository.add(draft("Tesco", "KASE"))
        #expect(try repository.list(search: "kase", sort: .name, includeArchived: false).map(\.store) == ["Käse Laden"])
        #expect(try repository.list(search: "creme", sort: .name, includeArchived: false).map(\.store) == ["Bakery"])
        #expect(try repository.list(search: "%", sort: .name, includeArchived: false).isEmpty)
    }

    @Test func sortsByEachOrder() throws {
        let home = TemporaryContainer()
        let early = try home.repository(clock: .fixed(Date(timeIntervalSince1970: 1_000)))
        var a = draft("A")
        a.expiry = "2027-01-01"
        let cardA = try early.add(a)
        let late = try home.repository(clock: .fixed(Date(timeIntervalSince1970: 2_000)))
        var b = draft("B")
        b.expiry = "2026-12-01"
        _ = try late.add(b)
        let cardC = try late.add(draft("C"))
        _ = try late.recordUse(of: cardA.id)
        _ = try early.recordUse(of: cardC.id)
        func order(_ sort: CardSort) throws -> [String] {
            try late.list(search: nil, sort: sort, includeArchived: false).map(\.store)
        }
        #expect(try order(.name) == ["A", "B", "C"])
        #expect(try order(.expiry) == ["B", "A", "C"])
        #expect(try order(.added) == ["B", "C", "A"])
        #expect(try order(.recent) == ["A", "C", "B"])
    }

    @Test func updateBumpsTheGenerationOnlyWhenSomethingChanged() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        #expect(try repository.dataGeneration() == 0)
        var card = try repository.add(draft("Tesco"))
        #expect(try repository.dataGeneration() == 1)
        try repository.update(card)
        #expect(try repository.dataGeneration() == 1)
        card.note = "new"
        card.groups = ["Food"]
        try repository.update(card)
        #expect(try repository.dataGeneration() == 2)
        #expect(try repository.card(id: card.id)?.groups == ["Food"])
        #expect(try repository.groups() == ["Food"])
        card.code = ""
        #expect(throws: CardValidationError.emptyCode) { try repository.update(card) }
        #expect(try repository.dataGeneration() == 2)
    }

    @Test func removeDeletesTheCardAndItsUsage() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Tesco"))
        _ = try repository.recordUse(of: card.id)
        try repository.remove(id: card.id)
        #expect(try repository.cards(includeArchived: true).isEmpty)
        #expect(try repository.usageEvents().isEmpty)
        #expect(throws: WalletStoreError.self) { try repository.remove(id: card.id) }
        #expect(try repository.dataGeneration() == 3)
    }

    @Test func recordUseLogsEventsAtTheClock() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Tesco"))
        _ = try repository.recordUse(of: card.id)
        let used = try repository.recordUse(of: card.id)
        #expect(used.usageCount == 2)
        #expect(used.lastUsed == home.clock.now())
        #expect(
            try repository.usageEvents() == [UsageEvent(cardID: card.id, date: home.clock.now())] + [
                UsageEvent(cardID: card.id, date: home.clock.now())
            ])
        #expect(throws: WalletStoreError.self) { try repository.recordUse(of: UUID()) }
    }

    @Test func resolvesIdsPrefixesAndStoreNames() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let tesco = try repository.add(draft("Tesco"))
        let kaese = try repository.add(draft("Käse"))
        _ = try repository.add(draft("Twin"))
        _ = try repository.add(draft("Twin"))
        let id = tesco.id.uuidString.lowercased()
        #expect(try repository.resolve(id).id == tesco.id)
        #expect(try repository.resolve(id.uppercased()).id == tesco.id)
        #expect(try repository.resolve("Tesco").id == tesco.id)
        #expect(try repository.resolve("kase").id == kaese.id)
        #expect(try repository.resolve(String(id.prefix(12))).id == tesco.id)
        #expect(throws: WalletStoreError.cardNotFound("Nope")) { try repository.resolve("Nope") }
        let unknown = UUID().uuidString
        #expect(throws: WalletStoreError.cardNotFound(unknown)) { _ = try repository.resolve(unknown) }
        do {
            _ = try repository.resolve("Twin")
            Issue.record("an ambiguous store name resolved")
        } catch let error as WalletStoreError {
            guard case .ambiguousReference(_, let candidates) = error else { throw error }
            #expect(candidates.count == 2)
        }
    }

    @Test func importSkipsDuplicatesKeepsIdsAndIsAllOrNothing() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let stored = try repository.add(draft("Tesco", "111"))
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let fresh = Card(
            fields: CardFields(store: "Lidl", code: "222", color: "#112233", favorite: true, groups: ["Food"]),
            createdAt: created)
        let clash = Card(
            id: stored.id,
            fields: CardFields(store: "Other", code: "333", color: "#112233"),
            createdAt: created)
        let duplicate = Card(fields: CardFields(store: "Tesco", code: "111", color: "#445566"), createdAt: created)
        let events = [
            UsageEvent(cardID: fresh.id, date: created), UsageEvent(cardID: duplicate.id, date: created),
            UsageEvent(cardID: clash.id, date: created.addingTimeInterval(60)),
        ]
        let summary = try repository.importCards([fresh, clash, duplicate, fresh], groups: ["Empty"], usageEvents: events)
        #expect(summary == ImportSummary(added: 2, skipped: 2))
        let lidl = try #require(try repository.card(id: fresh.id))
        #expect(lidl.createdAt == created && lidl.favorite && lidl.groups == ["Food"] && lidl.usageCount == 1)
        let other = try #require(try repository.cards(includeArchived: true).first { $0.store == "Other" })
        #expect(other.id != stored.id)
        #expect(other.usageCount == 1)
        #expect(try repository.card(id: stored.id)?.store == "Tesco")
        #expect(try repository.groups() == ["Empty", "Food"])
        let generation = try repository.dataGeneration()

        let bad = Card(
            fields: CardFields(store: "Bad", code: "4006381333932", format: .ean13, color: "#112233"),
            createdAt: created)
        let good = Card(fields: CardFields(store: "Good", code: "444", color: "#112233"), createdAt: created)
        #expect(throws: WalletStoreError.self) { try repository.importCards([good, bad], groups: [], usageEvents: []) }
        #expect(try repository.cards(includeArchived: true).count == 3)
        #expect(try repository.dataGeneration() == generation)
        #expect(try repository.importCards([], groups: [], usageEvents: []) == ImportSummary(added: 0, skipped: 0))
        #expect(try repository.dataGeneration() == generation)
    }

    @Test func overviewCountsAndLists() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        var favorite = draft("Fav")
        favorite.favorite = true
        favorite.expiry = "2026-12-01"
        let fav = try repository.add(favorite)
        var archived = draft("Old")
        archived.archived = true
        _ = try repository.add(archived)
        _ = try repository.recordUse(of: fav.id)
        let overview = try repository.overview()
        #expect(overview.activeCount == 1 && overview.archivedCount == 1)
        #expect(overview.favorites.map(\.id) == [fav.id])
        #expect(overview.recentlyUsed.map(\.id) == [fav.id])
        #expect(overview.expiringSoon.map(\.id) == [fav.id])
    }

    @Test func cardJSONHasEveryKeyAndRoundTrips() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        let card = try repository.add(draft("Tesco"))
        let data = try JSONEncoder().encode(card)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "store", "code", "barcodeValue", "format", "barcodeEncoding", "gs1", "color", "note", "favorite",
                "archived",
                "expiry",
                "balance", "currency", "groups", "createdAt", "lastUsed", "usageCount", "logo", "live", "updatedAt", "message",
                "fields", "authenticity",
            ])
        #expect(object["authenticity"] is NSNull)
        #expect(object["id"] as? String == card.id.uuidString.lowercased())
        #expect(object["createdAt"] as? String == "2026-11-22T09:30:00Z")
        #expect(object["format"] is NSNull)
        #expect(try JSONDecoder().decode(Card.self, from: data) == card)
    }
}

@Suite struct CardJSONWriterTests {
    @Test func fastWriterMatchesTheEncodableForm() throws {
        let card = Card(
            fields: CardFields(
                store: "Käse \"Laden\"\\", code: "123", barcodeValue: "x\u{1}y", format: .qr, color: "#112233",
                note: "line 1\nline 2\ttab 😀", favorite: true, expiry: "2027-01-31", balance: "1.50",
                currency: "EUR", groups: ["Food", "Ünï"]),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            lastUsed: Date(timeIntervalSince1970: 1_700_000_500),
            usageCount: 3)
        let fast = try JSONSerialization.jsonObject(with: CardJSONWriter.object(card)) as? NSDictionary
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(card)) as? NSDictionary
        #expect(fast != nil && fast == encoded)
        let array = try #require(try JSONSerialization.jsonObject(with: CardJSONWriter.array([card, card])) as? [NSDictionary])
        #expect(array.count == 2 && array[0] == encoded)
        #expect(try JSONDecoder().decode([Card].self, from: CardJSONWriter.array([card])) == [card])
        #expect(String(decoding: CardJSONWriter.array([]), as: UTF8.self) == "[]")
    }
}
