import Barcodes
import Foundation
import Testing
import WalletCore
@testable import WalletInterop

/// Passes as issuers really write them: what the specification allows or what Catima accepts.
@Suite struct PassLeniencyTests {
    private let reader = PKPassReader(now: Fixtures.now)

    private func card(_ json: String) throws -> Card {
        try #require(reader.read(PKPassReaderTests.pkpass(json), file: "p.pkpass").cards.first)
    }

    @Test func boardingPassMessageKeepsItsPaddingByteForByte() throws {
        let message = "M1DOE/JOHN            EABC123 ZRHLHRLX 0318 300Y012A0001 100   "
        let card = try card(
            """
            {"logoText": "Air", "barcodes": [{"format": "PKBarcodeFormatPDF417", "message": "\(message)",
             "messageEncoding": "iso-8859-1"}]}
            """)
        #expect(card.barcodeValue == message)
        #expect(card.code == message.trimmingCharacters(in: .whitespaces))
        #expect(card.encodedValue == message)
        let stored = try card.validated()
        #expect(stored.encodedValue == message)
        #expect(try BarcodeEncoder.encode(stored.encodedValue, as: .pdf417).payload == message)
    }

    @Test func messageEncodingIsTheBarcodesCharacterSet() throws {
        let latin = try card(
            """
            {"logoText": "Café", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "Zoë ½", "messageEncoding": "iso-8859-1"}]}
            """)
        #expect(latin.barcodeEncoding == .latin1 && latin.barcodeTextEncoding == .latin1)
        #expect(try latin.barcode(as: .qr).modules == BarcodeEncoder.encode("Zoë ½", as: .qr, encoding: .latin1).modules)
        let none = try card(#"{"logoText": "S", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "Zoë"}]}"#)
        #expect(none.barcodeEncoding == nil && none.barcodeTextEncoding == .utf8)
    }

    @Test func messageEncodingsTheWalletCannotWriteAreUTF8WithAWarning() throws {
        /// The pass read, without the authenticity warning its stand-in signature brings.
        func read(_ message: String, _ encoding: String) throws -> WalletArchive {
            var archive = try reader.read(
                PKPassReaderTests.pkpass(
                    """
                    {"logoText": "S", "barcodes": [{"format": "PKBarcodeFormatAztec", "message": "\(message)", "messageEncoding": "\(encoding)"}]}
                    """), file: "p.pkpass")
            archive.warnings.removeAll { $0.message.hasPrefix("the pass is altered: ") }
            return archive
        }
        let euro = try read("5 €", "iso-8859-1")
        #expect(euro.cards[0].barcodeEncoding == nil && euro.cards[0].format == .aztec)
        #expect(
            euro.warnings.map(\.description) == [
                "pass.json at barcodes[0].messageEncoding: messageEncoding ISO-8859-1 cannot hold every character of the barcode: it is written in UTF-8"
            ])
        let japanese = try read("お得", "Shift_JIS")
        #expect(
            japanese.warnings.map(\.message) == [
                "messageEncoding 'Shift_JIS' is not UTF-8 or ISO-8859-1: the barcode is written in UTF-8"
            ])
        let ascii = try read("ABC", "windows-1252")
        #expect(ascii.warnings.isEmpty && ascii.cards[0].barcodeEncoding == nil)
    }

    @Test func datesWithoutSecondsAreRead() throws {
        let base = #""logoText": "S", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "1"}]"#
        #expect(try card("{\(base), \"expirationDate\": \"2017-10-26T16:35+02:00\"}").expiry == "2017-10-26")
        #expect(try card("{\(base), \"expirationDate\": \"2030-01-02T23:59Z\"}").expiry == "2030-01-02")
        #expect(PKPassReader.withSeconds("2017-10-26T16:35-05:00") == "2017-10-26T16:35:00-05:00")
        #expect(PKPassReader.withSeconds("2017-10-26T16:35:10Z") == "2017-10-26T16:35:10Z")
    }

    @Test func rgbaAndUnreadableColors() throws {
        let base = #""logoText": "Shop", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "1"}]"#
        #expect(try card("{\(base), \"backgroundColor\": \"rgba(220, 58, 92, 1.00)\"}").color == "#DC3A5C")
        #expect(try card("{\(base), \"backgroundColor\": \"teal\"}").color == CardColor.derived(fromStore: "Shop"))
        #expect(ColorEncodings.hex(passColor: "rgba(1,2,3,0.5)") == "#010203")
        #expect(ColorEncodings.hex(passColor: "rgba(1,2,3)") == nil && ColorEncodings.hex(passColor: "rgba(1,2,3,7)") == nil)
    }

    @Test func passWithoutBarcodeBecomesACardWithoutOne() throws {
        let card = try card(#"{"logoText": "Gym", "serialNumber": " MEMBER-77 ", "storeCard": {}}"#)
        #expect(card.code == "MEMBER-77" && card.format == nil && card.barcodeValue == nil)
        let unsupported = try self.card(
            #"{"logoText": "Gym", "serialNumber": "9", "barcodes": [{"format": "PKBarcodeFormatEAN13", "message": "1"}]}"#)
        #expect(unsupported.code == "9" && unsupported.format == nil)
    }

    @Test func noteHoldsDescriptionAndEveryField() throws {
        let card = try card(
            """
            {"logoText": "Cinema", "description": "Movie ticket", "barcodes": [{"format": "PKBarcodeFormatQR", "message": "T1"}],
             "eventTicket": {"headerFields": [{"key": "h", "label": "Row", "value": "F"}],
                             "primaryFields": [{"key": "p", "label": "Film", "value": "Metropolis"}],
                             "secondaryFields": [{"key": "s", "label": "Seat", "value": 12}],
                             "auxiliaryFields": [{"key": "a", "value": "Screen 3"}],
                             "backFields": [{"key": "b", "label": "Terms", "value": "No refunds"}]}}
            """)
        #expect(card.note == "Movie ticket\nRow: F\nFilm: Metropolis\nSeat: 12\nScreen 3\nTerms: No refunds")
    }
}
