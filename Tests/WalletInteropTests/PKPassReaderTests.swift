import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WalletInterop

@Suite struct PKPassReaderTests {
    private let reader = PKPassReader(now: Fixtures.now)

    /// A pkpass zip whose pass.json is `json`, with the usual companions.
    static func pkpass(_ json: String) throws -> Data {
        try Fixtures.pkpass([("pass.json", Data(json.utf8))])
    }

    static let modern = """
        {"formatVersion": 1, "passTypeIdentifier": "pass.example.loyalty", "serialNumber": "1",
         "organizationName": "Example Coffee Ltd", "logoText": "Example Coffee", "description": "Loyalty card",
         "backgroundColor": "rgb(120, 60, 20)", "expirationDate": "2027-03-31T23:59:00+02:00", "voided": true,
         "barcodes": [
            {"format": "PKBarcodeFormatEAN13", "message": "5901234123457", "messageEncoding": "iso-8859-1"},
            {"format": "PKBarcodeFormatPDF417", "message": "MEMBER:000123456", "messageEncoding": "iso-8859-1",
             "altText": "0001 2345 6"},
            {"format": "PKBarcodeFormatQR", "message": "unused", "messageEncoding": "iso-8859-1"}],
         "storeCard": {
            "primaryFields": [{"key": "balance", "label": "Balance", "value": 12.5, "currencyCode": "eur"}],
            "backFields": [{"key": "terms", "label": "Terms", "value": "No cash value."},
                           {"key": "phone", "value": "+1 555 0100"}]}}
        """

    @Test func modernBarcodesArrayFirstSupportedEntry() throws {
        let card = try #require(reader.read(Self.pkpass(Self.modern), file: "coffee.pkpass").cards.first)
        #expect(card.store == "Example Coffee")
        #expect(card.format == .pdf417)
        #expect(card.code == "0001 2345 6")
        #expect(card.barcodeValue == "MEMBER:000123456")
        #expect(card.color == "#783C14")
        #expect(card.expiry == "2027-03-31")
        #expect(card.archived)
        #expect(card.balance == "12.5")
        #expect(card.currency == "EUR")
        #expect(card.note == "Loyalty card\nBalance: 12.5\nTerms: No cash value.\n+1 555 0100")
        #expect(card.createdAt == Fixtures.now)
    }

    @Test func legacyBarcodeKeyAndOrganizationName() throws {
        let json = """
            {"organizationName": "Old Airline", "barcode": {"format": "PKBarcodeFormatCode128",
             "message": "FF123456", "messageEncoding": "iso-8859-1"}, "generic": {}}
            """
        let card = try #require(reader.read(Self.pkpass(json), file: "old.pkpass").cards.first)
        #expect(card.store == "Old Airline")
        #expect(card.format == .code128)
        #expect(card.code == "FF123456")
        #expect(card.barcodeValue == nil)
        #expect(card.color == CardColor.derived(fromStore: "Old Airline"))
        #expect(card.expiry == nil)
        #expect(!card.archived)
    }

    @Test func everyApplePassFormat() throws {
        let formats: [(String, Symbology)] = [
            ("PKBarcodeFormatQR", .qr), ("PKBarcodeFormatPDF417", .pdf417),
            ("PKBarcodeFormatAztec", .aztec), ("PKBarcodeFormatCode128", .code128),
        ]
        for (name, format) in formats {
            let json = #"{"logoText": "S", "barcodes": [{"format": "\#(name)", "message": "M-1"}]}"#
            #expect(try reader.read(Self.pkpass(json), file: "p.pkpass").cards.first?.format == format)
        }
    }

    @Test func passInsideAFolderIsFound() throws {
        let data = try Fixtures.pkpass([("pass.json", Data(Self.modern.utf8))], root: "Coffee.pass/")
        #expect(try reader.read(data, file: "c.pkpass").cards.count == 1)
    }

    private func problem(_ json: String) -> ImportError? {
        do {
            _ = try reader.read(Self.pkpass(json), file: "bad.pkpass")
            return nil
        } catch let error as ImportError {
            return error
        } catch {
            return nil
        }
    }

    @Test func passWithoutUsableBarcodeFails() {
        let error = problem(#"{"logoText": "S", "barcodes": [{"format": "PKBarcodeFormatEAN13", "message": "1"}]}"#)
        #expect(error?.problem == .passWithoutBarcode(foundFormats: ["PKBarcodeFormatEAN13"]))
        #expect(error?.location == .entry("pass.json", line: nil))
        #expect(error?.description.contains("bad.pkpass: pass.json: the pass has no usable barcode") == true)
        #expect(problem(#"{"logoText": "S"}"#)?.problem == .passWithoutBarcode(foundFormats: []))
    }

    @Test func passWithoutNameFails() {
        let error = problem(#"{"logoText": " ", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "1"}]}"#)
        #expect(error?.problem == .passWithoutName)
    }

    @Test func invalidCode128MessageFails() {
        let error = problem(#"{"logoText": "S", "barcodes": [{"format": "PKBarcodeFormatCode128", "message": "café€"}]}"#)
        #expect(error?.location == .entry("pass.json at barcodes[0].message", line: nil))
        if case .invalidCode(let value, let format, _)? = error?.problem {
            #expect(value == "café€" && format == .code128)
        } else {
            Issue.record("expected invalidCode, got \(String(describing: error))")
        }
    }

    @Test func badColorAndDateAndJSONAreLocated() {
        let base = #""logoText": "S", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "1"}]"#
        #expect(
            problem("{\(base), \"expirationDate\": \"soon\"}")?.problem
                == .invalidDate(field: "expirationDate", value: "soon"))
        #expect(problem("{\(base), \"voided\": \"yes\"}")?.location == .entry("pass.json at voided", line: nil))
        if case .invalidJSON? = problem("{\(base)")?.problem {} else { Issue.record("truncated JSON accepted") }
    }

    @Test func zipWithoutPassJSONFails() throws {
        #expect {
            try reader.read(Fixtures.zip([("manifest.json", "{}")]), file: "x.pkpass")
        } throws: { error in
            (error as? ImportError)?.problem == .missingZipEntry(["pass.json"])
        }
    }
}
