import Foundation
import Testing
import WalletCore

/// ``JSONBytes`` writes what `JSONSerialization` reads back unchanged, escaping only what JSON
/// requires.
@Suite struct JSONBytesTests {
    @Test func everyAwkwardCharacterSurvivesARoundTrip() throws {
        let texts = [
            "plain", "", "quote \" and back\\slash", "line\nbreak\r\ttab", "\u{0}\u{1}\u{8}\u{c}\u{1f}",
            "slash / stays", "Café ☕️ 東京 🎟", "\u{7f}\u{2028}",
        ]
        var json = JSONBytes()
        json.raw("[")
        for (index, text) in texts.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(text)
        }
        json.raw(",")
        json.string(orNull: nil)
        json.raw(",")
        json.bool(true)
        json.raw(",")
        json.bool(false)
        json.raw("]")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [Any])
        #expect(parsed.prefix(texts.count).compactMap { $0 as? String } == texts)
        #expect(parsed[texts.count] is NSNull)
        #expect(parsed.suffix(2).compactMap { $0 as? Bool } == [true, false])
    }

    @Test func controlCharactersAreEscapedAndTheRestCopied() {
        var json = JSONBytes()
        json.string("a\u{1}é\"/")
        #expect(String(decoding: json.bytes, as: UTF8.self) == "\"a\\u0001é\\\"/\"")
    }
}
