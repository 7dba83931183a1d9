import Foundation
import Testing
@testable import WalletInterop
import WalletCore

@Suite struct PKPassStringsTests {
    static let json = """
        {"logoText": "brand", "organizationName": "org", "description": "desc", "serialNumber": "1",
         "barcodes": [{"format": "PKBarcodeFormatQR", "message": "M-1", "altText": "alt"}],
         "storeCard": {"primaryFields": [{"key": "p", "label": "points_label", "value": "points_value"}],
                       "backFields": [{"key": "b", "label": "terms_label", "value": "untranslated"}]}}
        """

    static func utf16(_ text: String) -> Data { Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! }

    static func pass(_ extra: [(String, Data)]) throws -> Data {
        try Fixtures.pkpass([("pass.json", Data(json.utf8))] + extra)
    }

    static let german = """
        /* Deutsch */
        "brand" = "Kaffeehaus";
        "desc" = "Kundenkarte";
        "points_label" = "Punkte";
        "points_value" = "120 \\"Bonus\\"";
        "alt" = "Nr. 1";
        """
    static let english = #""brand" = "Coffee House"; "terms_label" = "Terms";"#

    @Test func choosesTheUsersLanguageThenEnglishThenAny() {
        #expect(PKPassStrings.choose(from: ["en", "de", "fr"], preferred: ["de-AT"]) == "de")
        #expect(PKPassStrings.choose(from: ["en", "pt-BR", "pt-PT"], preferred: ["pt-PT"]) == "pt-PT")
        #expect(PKPassStrings.choose(from: ["en", "fr"], preferred: ["ja"]) == "en")
        #expect(PKPassStrings.choose(from: ["fr", "de"], preferred: []) == "de")
        #expect(PKPassStrings.choose(from: [], preferred: ["de"]) == nil)
        #expect(PKPassStrings.preferredLanguages(environment: ["LANG": "de_DE.UTF-8"]) == ["de-DE"])
        #expect(PKPassStrings.preferredLanguages(environment: ["LANGUAGE": "fr:en", "LANG": "C.UTF-8"]) == ["fr", "en"])
        #expect(PKPassStrings.preferredLanguages(environment: ["LANG": "C"]) == [])
    }

    @Test func utf16AndUTF8StringsFilesApply() throws {
        let data = try Self.pass([
            ("de.lproj/pass.strings", Self.utf16(Self.german)), ("en.lproj/pass.strings", Data(Self.english.utf8)),
        ])
        let german = try PKPassReader(now: Fixtures.now, languages: ["de-DE"]).read(data, file: "p.pkpass").cards[0]
        #expect(german.store == "Kaffeehaus" && german.code == "Nr. 1" && german.barcodeValue == "M-1")
        #expect(german.note == "Kundenkarte\nPunkte: 120 \"Bonus\"\nterms_label: untranslated")
        let english = try PKPassReader(now: Fixtures.now, languages: ["ja"]).read(data, file: "p.pkpass").cards[0]
        #expect(english.store == "Coffee House" && english.note.contains("Terms: untranslated"))
    }

    @Test func brokenStringsFileIsLocated() throws {
        let data = try Self.pass([("en.lproj/pass.strings", Data(#""brand" = "unterminated"#.utf8))])
        #expect {
            try PKPassReader(now: Fixtures.now, languages: ["en"]).read(data, file: "p.pkpass")
        } throws: { error in
            (error as? ImportError)?.location == .entry("en.lproj/pass.strings", line: nil)
        }
    }
}
