import Barcodes
import Foundation
import Testing
import ZipArchive
import WalletCore
@testable import WalletInterop

@Suite struct CatimaCSVWriterTests {
    private let reader = CatimaCSVReader(now: Fixtures.now, timeZone: Fixtures.utc)
    private let writer = CatimaCSVWriter(timeZone: Fixtures.utc)

    private func sampleArchive() -> WalletArchive {
        let used = Date(timeIntervalSince1970: 1_790_000_000)
        let cards = [
            Card(
                fields: CardFields(
                    store: "Café \"Zinc\", Paris", code: "5901234123457", format: .ean13, color: "#112233",
                    note: "first line\nsecond, \"quoted\"\n\nlast", favorite: true, expiry: "2027-02-28",
                    balance: "12.50", currency: "EUR", groups: ["Food", "Paris"]),
                createdAt: Fixtures.now,
                lastUsed: used,
                usageCount: 1),
            Card(
                fields: CardFields(
                    store: "Gym", code: "GYM-1", barcodeValue: "https://gym.example/m/1", format: .qr,
                    barcodeEncoding: .latin1, color: "#ABCDEF", archived: true, balance: "300", groups: ["Sport"]),
                createdAt: Fixtures.now),
            Card(fields: CardFields(store: "Library", code: "4242", color: "#000000"), createdAt: Fixtures.now),
        ]
        var archive = WalletArchive(cards: cards, groups: ["Empty"], usageEvents: [UsageEvent(cardID: cards[0].id, date: used)])
        archive.deriveUsage()
        return archive
    }

    @Test func writesCatimasLayout() {
        let lines = writer.write(sampleArchive()).components(separatedBy: "\r\n")
        #expect(Array(lines[0...6]) == ["2", "", "_id", "Empty", "Food", "Paris", "Sport"])
        #expect(lines[7] == "")
        #expect(lines[8] == Fixtures.cardsHeader)
        #expect(
            lines[9] == "1,\"Café \"\"Zinc\"\", Paris\",\"first line\nsecond, \"\"quoted\"\"\n\nlast\",,1803772800000,"
                + "12.50,EUR,5901234123457,,EAN_13,UTF-8,-15654349,1,1790000000,0")
        #expect(lines[10] == "2,Gym,,,,300,,GYM-1,https://gym.example/m/1,QR_CODE,ISO-8859-1,-5517841,0,0,1")
        #expect(lines[11] == "3,Library,,,,0,,4242,,,,-16777216,0,0,0")
        #expect(Array(lines[12...]) == ["", "cardId,groupId", "1,Food", "1,Paris", "2,Sport", ""])
    }

    @Test func roundTripGivesIdenticalCards() throws {
        let original = sampleArchive()
        let back = try reader.read(writer.write(original))
        #expect(Fixtures.comparable(back.cards) == Fixtures.comparable(original.cards))
        #expect(Set(back.groups) == Set(original.groups + ["Food", "Paris", "Sport"]))
        #expect(back.usageEvents.map(\.date) == original.usageEvents.map(\.date))
    }

    @Test func roundTripOfTheFixtureIsStable() throws {
        let first = try reader.read(Fixtures.catimaV2)
        let second = try reader.read(writer.write(first))
        #expect(Fixtures.comparable(second.cards) == Fixtures.comparable(first.cards))
        #expect(second.groups == first.groups)
    }

    @Test func zipHoldsCatimaCSV() throws {
        let csv = writer.write(sampleArchive())
        let zip = try ZipContainer(data: CatimaZip.archiveData(csv: csv, modified: Fixtures.now))
        #expect(zip.filePaths == ["catima.csv"])
        #expect(String(decoding: try zip.contents(of: "catima.csv"), as: UTF8.self) == csv)
    }

    @Test func colorConversionsBothWays() {
        #expect(ColorEncodings.hex(androidColor: -16776961) == "#0000FF")
        #expect(ColorEncodings.hex(androidColor: -1) == "#FFFFFF")
        #expect(ColorEncodings.hex(androidColor: 0x00_12_34_56) == "#123456")
        #expect(ColorEncodings.androidColor(hex: "#0000ff") == -16776961)
        #expect(ColorEncodings.androidColor(hex: "#000000") == -16777216)
        #expect(ColorEncodings.androidColor(hex: "000000") == nil)
        #expect(ColorEncodings.hex(passColor: "rgb(255, 128, 0)") == "#FF8000")
        #expect(ColorEncodings.hex(passColor: "rgb(10,20,30)") == "#0A141E")
        #expect(ColorEncodings.hex(passColor: "#a0b0c0") == "#A0B0C0")
        #expect(ColorEncodings.hex(passColor: "rgb(256, 0, 0)") == nil)
        #expect(ColorEncodings.hex(passColor: "red") == nil)
    }
}
