import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WalletInterop

@Suite struct VoucherVaultReaderTests {
    private let reader = VoucherVaultReader(now: Fixtures.now)

    /// A Voucher Vault export as its app writes it (see tim-smart/vouchervault#4).
    static let export = """
        [{"id":"1","description":"Book Shop","code":"5901234123457","codeType":"EAN13","expires":"2027-06-30T00:00:00.000",
          "removeOnceExpired":true,"balanceMilliunits":12500,"color":"ORANGE"},
         {"id":"2","description":"Cafe","code":"CAFE-1","codeType":"QR","expires":null,"balanceMilliunits":null,"color":"GREY"},
         {"id":"3","description":"Gym","code":"G 42","codeType":"TEXT","expires":null,"balance":7.5,"color":"PURPLE"}]
        """

    @Test func readsEveryVoucherAsCatimaDoes() throws {
        let (format, archive) = try WalletImporter(now: Fixtures.now, timeZone: Fixtures.utc)
            .read(Data(Self.export.utf8), file: "vv.json")
        #expect(format == .voucherVault)
        #expect(archive.cards.map(\.store) == ["Book Shop", "Cafe", "Gym"])
        let book = archive.cards[0]
        #expect(book.format == .ean13 && book.code == "5901234123457" && book.expiry == "2027-06-30")
        #expect(book.balance == "12.5" && book.currency == "USD" && book.color == "#FFA500")
        #expect(archive.cards[1].format == .qr && archive.cards[1].balance == nil && archive.cards[1].color == "#888888")
        #expect(archive.cards[2].format == nil && archive.cards[2].balance == "7.5" && archive.cards[2].color == "#800080")
    }

    @Test func aWalletCardArrayIsNotTakenForOne() {
        #expect(!VoucherVaultReader.looksLikeVoucherVault(Data(#"[{"store":"S","code":"1"}]"#.utf8)))
        #expect(VoucherVaultReader.looksLikeVoucherVault(Data(Self.export.utf8)))
    }

    @Test func badVouchersAreLocated() {
        func problem(_ json: String) -> ImportError? {
            do {
                _ = try reader.read(Data(json.utf8), file: "vv.json")
                return nil
            } catch {
                return error
            }
        }
        let base = #""description":"S","code":"1","expires":null"#
        #expect(problem("[{\(base),\"codeType\":\"AZTEC\",\"color\":\"RED\"}]")?.problem == .unknownBarcodeType("AZTEC"))
        #expect(problem("[{\(base),\"codeType\":\"QR\",\"color\":\"PINK\"}]")?.location == .jsonPath("[0].color"))
        let badCode = problem(#"[{"description":"S","code":"12","codeType":"EAN13","color":"RED"}]"#)
        #expect(badCode?.location == .jsonPath("[0].code"))
        #expect(problem(#"[{"code":"1","codeType":"QR","color":"RED"}]"#)?.description.contains("description") == true)
    }
}
