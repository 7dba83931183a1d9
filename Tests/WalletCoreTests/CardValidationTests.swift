import Barcodes
import Foundation
import Testing
import WalletTestSupport
import WalletCore

@Suite struct CardValidationTests {
    let base = Card(
        fields: CardFields(store: " Tesco ", code: " 12345 ", color: "#1e88e5"),
        createdAt: Date(timeIntervalSince1970: 0))

    @Test func barcodeEncodingIsCheckedAndUTF8IsTheDefault() throws {
        var card = base
        card.format = .aztec
        card.barcodeValue = "Zoë"
        card.barcodeEncoding = .latin1
        #expect(try card.validated().barcodeEncoding == .latin1)
        card.barcodeEncoding = .utf8
        #expect(try card.validated().barcodeEncoding == nil)
        card.barcodeValue = "5 €"
        card.barcodeEncoding = .latin1
        #expect {
            try card.validated()
        } throws: { error in
            guard case CardValidationError.invalidBarcode(let field, _, .aztec, .invalidCharacter(_, "€", 3, _)) = error else {
                return false
            }
            return field == "barcode value"
        }
    }

    @Test func normalizesFields() throws {
        var card = base
        card.currency = "eur"
        card.balance = "12.50"
        card.groups = [" Food ", "Food", "Travel"]
        let valid = try card.validated()
        #expect(valid.store == "Tesco")
        #expect(valid.code == "12345")
        #expect(valid.color == "#1E88E5")
        #expect(valid.currency == "EUR")
        #expect(valid.groups == ["Food", "Travel"])
    }

    @Test func addsTheCheckDigitToTheEncodedValue() throws {
        var card = base
        card.code = "400638133393"
        card.format = .ean13
        #expect(try card.validated().code == "4006381333931")
        card.code = "Member 7"
        card.barcodeValue = "400638133393"
        let valid = try card.validated()
        #expect(valid.code == "Member 7")
        #expect(valid.barcodeValue == "4006381333931")
    }

    @Test func dropsABarcodeValueEqualToTheCode() throws {
        var card = base
        card.barcodeValue = "12345"
        #expect(try card.validated().barcodeValue == nil)
        card.barcodeValue = ""
        #expect(try card.validated().barcodeValue == nil)
    }

    @Test(
        arguments: [
            ("store", "", .emptyStore), ("store", "  ", .emptyStore), ("store", "A\nB", .multiLineStore("A\nB")),
            ("code", "", .emptyCode),
            (
                "check", "4006381333932",
                .invalidBarcode(
                    field: "card number", value: "4006381333932", format: .ean13,
                    reason: .wrongCheckDigit(.ean13, found: "2", expected: "1"))
            ),
            ("color", "red", .invalidColor("red")), ("color", "#12345", .invalidColor("#12345")),
            ("color", "#GGGGGG", .invalidColor("#GGGGGG")), ("expiry", "2026-02-30", .invalidExpiry("2026-02-30")),
            ("expiry", "31.12.2026", .invalidExpiry("31.12.2026")), ("expiry", "2026-13-01", .invalidExpiry("2026-13-01")),
            ("balance", "-5", .negativeBalance("-5")), ("balance", "abc", .invalidBalance("abc")),
            ("balance", "1.2.3", .invalidBalance("1.2.3")), ("balance", "1.", .invalidBalance("1.")),
            ("currency", "EURO", .invalidCurrency("EURO")), ("currency", "E1R", .invalidCurrency("E1R")),
            ("orphanCurrency", "EUR", .currencyWithoutBalance("EUR")), ("group", " ", .emptyGroupName),
        ] as [(String, String, CardValidationError)])
    func refusesBadInput(field: String, value: String, expected: CardValidationError) {
        var card = base
        switch field {
        case "store": card.store = value
        case "code": card.code = value
        case "check":
            card.code = value
            card.format = .ean13
        case "color": card.color = value
        case "expiry": card.expiry = value
        case "balance": card.balance = value
        case "currency":
            card.balance = "1"
            card.currency = value
        case "orphanCurrency": card.currency = value
        default: card.groups = [value]
        }
        #expect(throws: expected) { try card.validated() }
    }

    @Test func messagesAreOneLineAndNameTheValue() {
        var card = base
        card.code = "4006381333932"
        card.format = .ean13
        do {
            _ = try card.validated()
            Issue.record("accepted a wrong check digit")
        } catch {
            #expect(error.description.contains("expected 1"))
            #expect(!error.description.contains("\n"))
        }
        card = base
        card.balance = "-5"
        #expect(throws: CardValidationError.negativeBalance("-5")) { try card.validated() }
    }

    @Test(arguments: ["2028-02-29", "2000-02-29", "2026-12-31"])
    func acceptsRealDates(_ date: String) throws {
        var card = base
        card.expiry = date
        #expect(try card.validated().expiry == date)
    }

    @Test(arguments: ["2026-02-29", "1900-02-29", "2026-04-31", "0000-01-01"])
    func refusesDatesThatDoNotExist(_ date: String) {
        var card = base
        card.expiry = date
        #expect(throws: CardValidationError.invalidExpiry(date)) { try card.validated() }
    }
}

@Suite struct CardColorTests {
    @Test func derivedColorIsStableAndIgnoresCaseAndAccents() {
        let color = CardColor.derived(fromStore: "Käse")
        #expect(color == CardColor.derived(fromStore: "KASE"))
        #expect(CardColor.normalized(color) == color)
        #expect(color != CardColor.derived(fromStore: "Tesco"))
    }

    @Test func draftWithoutColorGetsTheDerivedOne() throws {
        let card = try CardDraft(store: "Tesco", code: "1").card(createdAt: Date())
        #expect(card.color == CardColor.derived(fromStore: "Tesco"))
    }
}

@Suite struct TextFoldingTests {
    @Test func ignoresCaseAndDiacritics() {
        #expect(TextFolding.fold("Käse") == TextFolding.fold("kase"))
        #expect(TextFolding.fold("ÉLAN Crème") == "elan creme")
    }
}
