import Foundation
import Testing
import WalletTestSupport
import WalletCore

/// `CardReference` is the one rule for naming a card. The repository runs it as SQL and the
/// widget side runs it over cards in memory; these tests hold both to the same answers.
@Suite struct CardReferenceTests {
    /// Cards whose ids are chosen so that store names collide with id prefixes (distinct codes,
    /// so the import keeps both "Twin" cards).
    static let created = Date(timeIntervalSince1970: 1_700_000_000)
    static let cards: [Card] = [
        card("a1000000-0000-4000-8000-000000000001", "A2"),
        card("a2000000-0000-4000-8000-000000000002", "A1"),
        card("cafe0000-0000-4000-8000-000000000003", "Bakery"),
        card("c0000000-0000-4000-8000-000000000004", "Cafe"),
        card("b0000000-0000-4000-8000-000000000005", "Käse Laden"),
        card("b1000000-0000-4000-8000-000000000006", "Twin"),
        card("b2000000-0000-4000-8000-000000000007", "Twin"),
        card("d0000000-0000-4000-8000-000000000008", "ÉLAN", archived: true),
    ]

    static func card(_ id: String, _ store: String, archived: Bool = false) -> Card {
        Card(
            id: UUID(uuidString: id)!,
            fields: CardFields(store: store, code: String(id.suffix(3)), color: "#112233", archived: archived),
            createdAt: created)
    }

    /// Reference → the store of the card it must name, or nil when it must fail.
    static let expectations: [(String, String?)] = [
        ("A1", "A1"),  // store name beats the id prefix "a1"
        ("A2", "A2"),
        ("a1", "A2"),  // no store "a1": id prefix
        ("Cafe", "Cafe"),  // store name beats id prefix "cafe"
        ("cafe", "Bakery"),  // id prefix beats the folded name
        ("kase laden", "Käse Laden"),  // folded store name
        ("  Käse Laden ", "Käse Laden"),  // trimmed
        ("élan", "ÉLAN"),  // archived cards count
        ("lad", "Käse Laden"),  // the start of a word, case ignored
        ("KÄS", "Käse Laden"),  // the start of the name, accents ignored
        ("bak", "Bakery"),  // not hex: a name's start
        ("tw", nil),  // the start of two cards' names
        ("A2000000-0000-4000-8000-000000000002", "A1"),  // full id, any case
        ("c", nil),  // ambiguous prefix (cafe…, c0…)
        ("Twin", nil),  // ambiguous store
        ("e0000000-0000-4000-8000-000000000000", nil),  // unknown full id
        ("Nope", nil),
        ("", nil),
    ]

    @Test func inMemoryResolutionFollowsTheRule() {
        for (reference, store) in Self.expectations {
            let resolution = CardReference(reference).resolve(in: Self.cards)
            if let store {
                guard case .card(let found) = resolution else {
                    Issue.record("\(reference) did not resolve: \(resolution)")
                    continue
                }
                #expect(found.store == store, "\(reference)")
            } else if case .card(let found) = resolution {
                Issue.record("\(reference) resolved to \(found.store)")
            }
        }
    }

    @Test func onlyAStartOfTheNameIsALooseMatch() {
        let laden = Self.cards[4]
        #expect(CardReference("lad").isLoose(laden))
        #expect(!CardReference("kase laden").isLoose(laden))
        #expect(!CardReference("Käse Laden").isLoose(laden))
        #expect(!CardReference("b0000000").isLoose(laden))
    }

    @Test func ambiguityListsEveryCandidate() {
        #expect(CardReference("Twin").resolve(in: Self.cards) == .ambiguous(Array(Self.cards[5...6])))
        #expect(CardReference("nowhere").resolve(in: Self.cards) == .notFound)
    }

    @Test func repositoryAgreesWithTheInMemoryRule() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        _ = try repository.importCards(Self.cards, groups: [], usageEvents: [])
        for (reference, store) in Self.expectations {
            let sql = try? repository.resolve(reference)
            let memory: Card? = if case .card(let card) = CardReference(reference).resolve(in: Self.cards) { card } else { nil }
            #expect(sql?.id == memory?.id, "\(reference)")
            #expect(sql?.store == store, "\(reference)")
        }
    }

    @Test func lookupsStopAtAFullId() {
        let id = UUID()
        #expect(CardReference(id.uuidString).lookups == [.id(id)])
        #expect(CardReference("Tesco").lookups == [.store("Tesco"), .foldedStore("tesco"), .storeStart("tesco")])
        #expect(
            CardReference("Ab-1").lookups == [.store("Ab-1"), .idPrefix("ab-1"), .foldedStore("ab-1"), .storeStart("ab-1")])
        #expect(CardReference(" \n").lookups.isEmpty)
    }

    /// `--id`: by id alone, so a store name that looks like an id prefix ("A1", "Cafe") never
    /// hides the card whose id starts so, and a name is no id.
    @Test func byIdAloneNeverMatchesAName() throws {
        let home = TemporaryContainer()
        let repository = try home.repository()
        _ = try repository.importCards(Self.cards, groups: [], usageEvents: [])
        let expectations: [(String, String?)] = [
            ("A1", "A2"), ("cafe", "Bakery"), ("CAFE0000", "Bakery"), ("b2", "Twin"),
            ("A2000000-0000-4000-8000-000000000002", "A1"), ("b", nil), ("e0", nil),
        ]
        for (text, store) in expectations {
            let reference = try #require(CardReference(id: text), "\(text)")
            #expect(reference.lookups.allSatisfy { if case .store = $0 { false } else { true } })
            #expect((try? repository.resolve(reference))?.store == store, "\(text)")
            let memory: Card? = if case .card(let card) = reference.resolve(in: Self.cards) { card } else { nil }
            #expect(memory?.store == store, "\(text)")
        }
        #expect(CardReference(id: "Twin") == nil)
        #expect(CardReference(id: "  ") == nil)
        #expect(
            throws: WalletStoreError.ambiguousReference(
                "b", candidates: ["b0000000 Käse Laden", "b1000000 Twin", "b2000000 Twin"])
        ) {
            try repository.resolve(CardReference(id: "b")!)
        }
    }

    @Test func theAmbiguityErrorSuggestsIdWithAShortId() {
        let error = WalletStoreError.ambiguousReference("Twin", candidates: ["b1000000 Twin", "b2000000 Twin"])
        #expect(
            error.description
                == "'Twin' matches 2 cards (b1000000 Twin, b2000000 Twin): give the card's id or its first characters "
                + "instead (e.g. `--id b2000000`)")
    }
}
