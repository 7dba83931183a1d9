import Barcodes
import Foundation
import Testing
import WalletCore

@testable import App

@Suite struct WindowCardTests {
    private func card(format: Symbology?, code: String, note: String = "", balance: String? = nil) -> Card {
        Card(
            fields: CardFields(
                store: "Bäckerei", code: code, format: format, color: "#12AB34", note: note, favorite: true,
                expiry: "2030-01-31", balance: balance, currency: "EUR"),
            createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func qrIsPaddedWithItsQuietZoneOnEverySide() throws {
        let matrix = try BarcodeEncoder.encode("HELLO", as: .qr)
        let shown = WindowCard(card(format: .qr, code: "HELLO"))
        #expect(shown.columns == matrix.width + 8)
        #expect(shown.rows == matrix.height + 8)
        #expect(shown.modules.count == shown.columns * shown.rows)
        for y in 0..<matrix.height {
            for x in 0..<matrix.width {
                #expect(shown.modules[(y + 4) * shown.columns + x + 4] == matrix[x, y])
            }
        }
        #expect(shown.modules.prefix(shown.columns * 4).allSatisfy { !$0 })
        #expect(shown.color == 0x12AB34)
        #expect(shown.favorite)
    }

    @Test func linearCodeIsOneRowWithSideQuietZonesAndABarHeight() throws {
        let matrix = try BarcodeEncoder.encode("400638133393", as: .ean13)
        let shown = WindowCard(card(format: .ean13, code: "400638133393"))
        #expect(shown.rows == 1)
        #expect(shown.columns == matrix.totalWidth)
        #expect(shown.barHeightModules == matrix.defaultBarHeight(moduleSize: 1))
        #expect(!shown.modules[0] && shown.modules[matrix.quietZone.left] == matrix[0, 0])
    }

    @Test func detailsNameBalanceExpiryAndNote() {
        let shown = WindowCard(card(format: .code128, code: "ABC-1", note: "Gate code 42", balance: "12.50"))
        #expect(shown.details == ["Balance: 12.50 EUR", "Expires: 2030-01-31", "Gate code 42"])
    }

    @Test func cardWithoutBarcodeSaysToShowTheNumber() {
        let shown = WindowCard(card(format: nil, code: "778"))
        #expect(shown.modules.isEmpty && shown.columns == 0)
        #expect(shown.details.first == "No barcode: show this number at the till.")
    }

    @Test func unencodableBarcodeIsNamedInsteadOfDrawn() {
        let shown = WindowCard(card(format: .ean8, code: "not digits"))
        #expect(shown.modules.isEmpty)
        #expect(shown.details.first?.hasPrefix("The ean8 barcode cannot be drawn") == true)
    }
}
