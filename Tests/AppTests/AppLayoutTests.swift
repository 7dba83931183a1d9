import Barcodes
import Foundation
import Testing
import WalletCore

@testable import App

@Suite struct AppLayoutTests {
    private func windowCard(_ code: String, _ format: Symbology) -> WindowCard {
        WindowCard(Card(fields: CardFields(store: "Shop", code: code, format: format), createdAt: Date(timeIntervalSince1970: 0)))
    }

    @Test func aQRCodeGetsTheLargestWholeModuleThatFitsWithItsQuietZone() throws {
        let card = windowCard("HELLO", .qr)
        let plate = try #require(BarcodeArea.plate(for: card, width: 336, height: 300))
        #expect(plate.module == min(336 / card.columns, 300 / card.rows))
        #expect(plate.width == card.columns * plate.module && plate.height == card.rows * plate.module)
        #expect(plate.width <= 336 && plate.height <= 300)
        #expect(plate.width + card.columns > 336 || plate.height + card.rows > 300)
    }

    @Test func aLinearCodeIsAsWideAsFitsWithBarsNoTallerThanTheArea() throws {
        let card = windowCard("4006381333931", .ean13)
        let narrow = try #require(BarcodeArea.plate(for: card, width: 336, height: 180))
        #expect(narrow.module == 336 / card.columns)
        #expect(narrow.height == min(180, card.barHeightModules * narrow.module))
        let wide = try #require(BarcodeArea.plate(for: card, width: 1392, height: 180))
        #expect(wide.module == 1392 / card.columns && wide.height == 180)
    }

    @Test func noPlateWhenNotOnePixelPerModuleFits() {
        #expect(BarcodeArea.plate(for: windowCard("HELLO", .qr), width: 10, height: 300) == nil)
    }

    @Test func longNumbersAreGroupedInFours() {
        #expect(CardPage.grouped("4006381333931") == "4006 3813 3393 1")
        #expect(CardPage.grouped("12345") == "12345")
        #expect(CardPage.grouped("BK-123456") == "BK-123456")
    }

    @Test func theFormatChooserOffersEveryFormatOnceWithDistinctNames() {
        let offered = CardForm.formats.compactMap { $0 }
        #expect(Set(offered) == Set(Symbology.allCases) && offered.count == Symbology.allCases.count)
        #expect(CardForm.formats.first == .ean13 && CardForm.formats.last == .some(nil))
        #expect(Set(CardForm.formats.map(CardForm.title)).count == CardForm.formats.count)
    }

    @Test func theFirstWindowSizeIsAPhoneUnlessAskedOtherwise() {
        #expect(WalletApplication.initialSize("1280x800") == (1280, 800))
        #expect(WalletApplication.initialSize("") == (360, 720))
        #expect(WalletApplication.initialSize("10x10") == (360, 720))
        #expect(WalletApplication.initialSize("wide") == (360, 720))
    }
}

/// The app's one line when no display opens names the displays tried.
@Suite struct NoDisplayMessageTests {
    @Test func itNamesWhatWasTriedAndWhatToDo() {
        #expect(WalletApplication.noDisplayMessage([:]).contains("(none is set)"))
        #expect(WalletApplication.noDisplayMessage(["DISPLAY": ":9"]).contains("(':9' cannot be opened)"))
        let both = WalletApplication.noDisplayMessage(["DISPLAY": ":9", "WAYLAND_DISPLAY": "wayland-9"])
        #expect(both.contains("neither 'wayland-9' nor ':9' can be opened") && both.contains("DISPLAY or WAYLAND_DISPLAY"))
    }
}
