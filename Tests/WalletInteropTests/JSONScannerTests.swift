import Foundation
import Testing
import WalletCore
@testable import WalletInterop

/// The scanner that finds values without building them, and the chunked decoding on top of it.
@Suite struct JSONScannerTests {
    private func scanner(_ text: String) -> JSONScanner { JSONScanner(data: Data(text.utf8)) }

    @Test func membersAndElementsAreFoundThroughStringsEscapesAndNesting() throws {
        let text = #"{"a": "x\"]}\\", "b\u0021": [1, {"c": [2, "]"]}, -3.5e2], "n": null}"#
        let json = scanner(text)
        let (members, end) = try json.members(ofObjectAt: 0, path: "")
        #expect(members.map(\.key) == ["a", "b!", "n"])
        #expect(json.text(members[0].value) == #""x\"]}\\""#)
        #expect(end == text.utf8.count)
        var elements: [String] = []
        try json.forEachElement(ofArrayAt: members[1].value.lowerBound, path: "b") { _, range in
            elements.append(json.text(range))
            return true
        }
        #expect(elements == ["1", #"{"c": [2, "]"]}"#, "-3.5e2"])
    }

    @Test(arguments: [#"[1 2]"#, #"[1,"#, #"["open]"#, #"{"a" 1}"#, #"{"a": 1,}"#, "[}"])
    func malformedStructureIsALocatedProblem(_ text: String) {
        #expect(throws: LocatedProblem.self) {
            let json = scanner(text)
            if text.hasPrefix("{") {
                _ = try json.members(ofObjectAt: 0, path: "")
            } else {
                try json.forEachElement(ofArrayAt: 0, path: "") { _, _ in true }
            }
        }
    }

    @Test func countingStopsPastTheLimit() throws {
        let json = scanner("[" + Array(repeating: "{}", count: 1_000).joined(separator: ",") + "]")
        #expect(try json.count(ofArrayAt: 0, path: "", limit: 10) == 11)
        #expect(try json.count(ofArrayAt: 0, path: "", limit: 5_000) == 1_000)
    }

    @Test func chunksDecodeEveryElementAndLocateErrorsInTheWholeArray() throws {
        let values = (0..<600).map { "{\"v\": \($0)}" }
        var seen: [Int] = []
        let json = scanner("[" + values.joined(separator: ",") + "]")
        try JSONChunks.decode(Item.self, arrayAt: 0, in: json, path: "items", limit: 1_000) { _, item in seen.append(item.v) }
        #expect(seen == Array(0..<600))
        let broken = scanner("[" + (values[..<300] + ["{\"v\": \"x\"}"]).joined(separator: ",") + "]")
        #expect(throws: LocatedProblem(.invalidJSON("expected a number"), at: .jsonPath("items[300].v"))) {
            try JSONChunks.decode(Item.self, arrayAt: 0, in: broken, path: "items", limit: 1_000) { _, _ in }
        }
        #expect(throws: LocatedProblem.self) {
            try JSONChunks.decode(Item.self, arrayAt: 0, in: json, path: "items", limit: 100) { _, _ in }
        }
    }

    private struct Item: Decodable {
        var v: Int
    }
}

/// Optional text with dangerous characters costs that line or group, with a warning.
@Suite struct RefusedTextLeniencyTests {
    @Test func aNoteLineWithAnEscapeIsLeftOutAndTheRestKept() {
        var archive = WalletArchive(
            cards: [
                Card(
                    fields: CardFields(
                        store: "Shop", code: "1", color: "#112233", note: "one\r\ntwo\u{1B}[2J\n\tthree",
                        groups: ["Food", "B\u{202E}ad"]),
                    createdAt: Fixtures.now)
            ],
            groups: ["Food", "B\u{202E}ad"], cardLocations: [.line(4)])
        archive.leaveOutRefusedOptionalText()
        #expect(archive.cards[0].note == "one\r\n\tthree")
        #expect(archive.cards[0].groups == ["Food"])
        #expect(archive.groups == ["Food"])
        #expect(
            archive.warnings.map(\.description) == [
                "line 4: note line 2 contains the control character U+001B: that line was left out",
                "line 4: a group name contains the control character U+202E: the card was imported without that group",
            ])
    }
}
