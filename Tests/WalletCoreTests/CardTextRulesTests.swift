import Foundation
import Testing
import Barcodes
@testable import WalletCore

@Suite struct CardTextRulesTests {
    private func card(store: String = "Shop", code: String = "1", note: String = "", groups: [String] = []) -> Card {
        Card(
            fields: CardFields(store: store, code: code, color: "#112233", note: note, groups: groups),
            createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: [
        "Sh\u{0}op", "\u{1B}[31mRed", "Bell\u{7}", "Back\u{8}", "C1\u{9B}x", "evil\u{202E}gpj", "iso\u{2066}late", "del\u{7F}",
    ])
    func controlsAndBidiOverridesAreRefusedInEveryField(_ payload: String) {
        #expect(throws: CardValidationError.self) { try card(store: payload).validated() }
        #expect(throws: CardValidationError.self) { try card(code: "1" + payload).validated() }
        #expect(throws: CardValidationError.self) { try card(note: payload).validated() }
        #expect(throws: CardValidationError.self) { try card(groups: [payload]).validated() }
    }

    @Test func theErrorNamesTheFieldAndTheCodePointWithoutTheRawCharacter() {
        #expect {
            try card(store: "Sh\u{1B}op").validated()
        } throws: { error in
            let text = (error as? CardValidationError)?.description ?? ""
            return text.contains("store name contains the control character U+001B") && !text.contains("\u{1B}")
        }
    }

    /// A barcode value keeps the C0 controls a symbol carries (ISO/IEC 15434's RS, GS, EOT);
    /// NUL, DEL, C1 and bidi overrides stay refused.
    @Test func barcodeValuesKeepTheControlsASymbolCarries() throws {
        let iso = "[)>\u{1E}06\u{1D}DD1234\u{1E}\u{04}"
        var fields = CardFields(store: "Ticket", code: "T-1", barcodeValue: iso, format: .dataMatrix, color: "#112233")
        #expect(try Card(fields: fields, createdAt: Date(timeIntervalSince1970: 0)).validated().barcodeValue == iso)
        for refused in ["a\u{0}b", "a\u{7F}b", "a\u{85}b", "a\u{202E}b"] {
            fields.barcodeValue = refused
            #expect(throws: CardValidationError.self) {
                try Card(fields: fields, createdAt: Date(timeIntervalSince1970: 0)).validated()
            }
        }
    }

    @Test func notesKeepLineBreaksAndTabsOtherFieldsDoNot() throws {
        #expect(try card(note: "one\n\ttwo\r\nthree").validated().note == "one\n\ttwo\r\nthree")
        #expect(throws: CardValidationError.controlCharacter(field: "card number", scalar: 9)) {
            try card(code: "1\t2").validated()
        }
    }

    @Test func lengthCaps() throws {
        #expect(throws: CardValidationError.tooLong(field: "store name", length: 201, limit: 200)) {
            try card(store: String(repeating: "s", count: 201)).validated()
        }
        #expect(throws: CardValidationError.tooLong(field: "note", length: 10_001, limit: 10_000)) {
            try card(note: String(repeating: "n", count: 10_001)).validated()
        }
        _ = try card(
            store: String(repeating: "s", count: 200), code: String(repeating: "1", count: 512),
            note: String(repeating: "n", count: 10_000)
        ).validated()
    }

    @Test func clockDatesMustBeRealAndFourDigitYears() {
        #expect(ISO8601.parse("2026-02-30T10:00:00+01:00") == nil)
        #expect(ISO8601.parse("10000-01-01T00:00:00Z") == nil)
        #expect(ISO8601.parse("2026-02-28T10:00:00+01:00") != nil)
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601.format(Date(timeIntervalSince1970: -.infinity)).hasPrefix("0001-01-01"))
    }

    /// FuzzDateParser's finding: an offset that moves the first or last day out of the years
    /// 0001-9999 in UTC named a moment no RFC 3339 UTC text writes, so it came back another date.
    @Test func aMomentOutsideTheWritableYearsIsRefused() throws {
        #expect(ISO8601.parse("0001-01-01T00:00:00.20+23:59") == nil)
        #expect(ISO8601.parse("9999-12-31T23:59:59-00:01") == nil)
        let first = try #require(ISO8601.parse("0001-01-01T00:00:00Z"))
        #expect(ISO8601.format(first) == "0001-01-01T00:00:00Z")
        let last = try #require(ISO8601.parse("9999-12-31T23:59:59.5Z"))
        #expect(ISO8601.format(last) == "9999-12-31T23:59:59Z")
    }

    @Test func deepLinkSchemeAndHostCaseAreIgnored() throws {
        let id = UUID()
        #expect(try DeepLink(parsing: "WALLET://CARD/\(id.uuidString)") == .card(id))
        #expect(try DeepLink(parsing: "wallet://Card/\(id.lowercasedText)") == .card(id))
    }
}
