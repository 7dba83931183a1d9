import Foundation
import Testing
import WalletCore
@testable import WalletInterop

@Suite struct FidMeReaderTests {
    /// A FidMe export as Catima's importer expects it.
    static let csv = """
        Retailer;Program;Added At;Reference;Firstname;Lastname\r
        Carrefour;Carte PASS;2021-03-04 10:11:12 UTC;9130000012345;Marie;Curie\r
        "Café; du coin";;2022-01-01 00:00:00 UTC;C-42;;\r
        Expired Shop;Old;2019-01-01 00:00:00 UTC;;Jean;Dupont\r

        """

    @Test func readsCardsAndSkipsExpiredOnes() throws {
        let data = try Fixtures.zip([("loyalty_programs.csv", Self.csv)])
        let (format, archive) = try WalletImporter(now: Fixtures.now).read(data, file: "fidme.zip")
        #expect(format == .fidMe)
        #expect(archive.cards.map(\.store) == ["Carrefour", "Café; du coin"])
        let first = archive.cards[0]
        #expect(first.code == "9130000012345" && first.format == nil)
        #expect(first.note == "Carte PASS\n2021-03-04 10:11:12 UTC\nMarie Curie")
        #expect(first.color == CardColor.derived(fromStore: "Carrefour"))
        #expect(archive.cards[1].note == "2022-01-01 00:00:00 UTC")
        #expect(archive.cardLocations == [.entry("loyalty_programs.csv", line: 2), .entry("loyalty_programs.csv", line: 3)])
    }

    @Test func missingColumnsAndStoresAreLocated() throws {
        let reader = FidMeReader(now: Fixtures.now)
        #expect(throws: LocatedProblem(.missingColumns(["Reference"]), at: .line(1))) {
            try reader.read(csv: "Retailer;Program\nA;B\n", entry: "loyalty_programs.csv")
        }
        #expect(throws: LocatedProblem(.requiredFieldEmpty("Retailer"), at: .line(2))) {
            try reader.read(csv: "Retailer;Reference\n;123\n", entry: "loyalty_programs.csv")
        }
    }
}
