import Foundation
import Testing
import WalletCore
@testable import WalletInterop
import WalletTestSupport

/// Storing imported archives in a real repository: all or nothing, duplicates skipped, and the
/// card model's refusals located in the imported file.
@Suite struct ArchiveStoreTests {
    private let importer = WalletImporter(now: Fixtures.now, timeZone: Fixtures.utc)
    /// Removed with everything in it when the test ends.
    private let scratch = TemporaryDirectory("archive-store-tests")

    private func repository() throws -> CardRepository {
        try CardRepository(
            container: SharedContainer(url: scratch.file("home-\(UUID().uuidString)")), clock: .fixed(Fixtures.now))
    }

    private func store(_ text: String, file: String, in repository: CardRepository) throws -> ImportSummary {
        try importer.read(Data(text.utf8), file: file).1.save(in: repository, file: file)
    }

    @Test func storesEverythingAndSkipsDuplicatesOnReimport() throws {
        let repository = try repository()
        #expect(try store(Fixtures.catimaV2, file: "catima.csv", in: repository) == ImportSummary(added: 14, skipped: 0))
        #expect(try store(Fixtures.catimaV2, file: "catima.csv", in: repository) == ImportSummary(added: 0, skipped: 14))
        let stored = try repository.cards(includeArchived: true)
        #expect(stored.count == 14)
        #expect(try repository.groups().contains("Unused"))
        #expect(stored.first { $0.store == "QR Store" }?.usageCount == 1)
    }

    @Test func exportReadsBackWhatIsStored() throws {
        let repository = try repository()
        _ = try store(Fixtures.catimaV2, file: "catima.csv", in: repository)
        let archive = try WalletArchive(repository: repository)
        #expect(archive.cards.count == 14)
        #expect(archive.usageEvents.count == 11)
        let json = try WalletJSONCodec(now: Fixtures.now).encode(archive)
        let other = try self.repository()
        #expect(try importer.read(json, file: "w.json").1.save(in: other, file: "w.json") == ImportSummary(added: 14, skipped: 0))
        #expect(try other.cards(includeArchived: true) == repository.cards(includeArchived: true))
        #expect(try other.usageEvents() == repository.usageEvents())
    }

    @Test func modelRefusalsNameTheLineAndStoreNothing() throws {
        let repository = try repository()
        let text = "2\n\n_id\n\n\(Fixtures.cardsHeader)\n1,Fine,,,,0,,1,,,,-1,0,0,0\n2,Owing,,,,-5,,2,,,,-1,0,0,0\n"
        #expect {
            try store(text, file: "debt.csv", in: repository)
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.location == .line(7)
                && error.problem == .invalidCard(CardValidationError.negativeBalance("-5").description)
                && error.description.hasPrefix("cannot import debt.csv: line 7: balance -5 is negative")
        }
        #expect(try repository.cards(includeArchived: true).isEmpty)
    }

    @Test func refusalsInJSONAndZipsAreLocatedToo() throws {
        let repository = try repository()
        let json = #"[{"store": "S", "code": "1"}, {"store": "T", "code": "2", "color": "blue"}]"#
        #expect {
            try store(json, file: "cards.json", in: repository)
        } throws: { error in
            (error as? ImportError)?.location == .jsonPath("[1]")
                && (error as? ImportError)?.problem == .invalidCard(CardValidationError.invalidColor("blue").description)
        }
        let csv = "2\n\n_id\n\n\(Fixtures.cardsHeader)\n1,\"Two\nlines\",,,,0,,1,,,,-1,0,0,0\n"
        let zip = try Fixtures.zip([("catima.csv", csv)])
        #expect {
            try importer.read(zip, file: "b.zip").1.save(in: repository, file: "b.zip")
        } throws: { error in
            (error as? ImportError)?.location == .entry("catima.csv", line: 6)
        }
        #expect(try repository.cards(includeArchived: true).isEmpty)
    }
}
