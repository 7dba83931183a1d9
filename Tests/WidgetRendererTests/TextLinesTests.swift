import Testing
@testable import WidgetRenderer

/// Line breaking: only between words (or between ideographs), ellipsis after whole words, and a
/// lone word too wide for its line kept whole for the painter to ellipsize.
@Suite struct TextLinesTests {
    /// One point per character: easy widths to reason about.
    let lines = TextLines { Double($0.count) }

    @Test func breaksOnlyBetweenWords() {
        #expect(lines.lines("Starbucks Rewards", width: 12, maxLines: 2) == ["Starbucks", "Rewards"])
        #expect(lines.lines("Käse Laden", width: 20, maxLines: 2) == ["Käse Laden"])
    }

    @Test func textBeyondTheLastLineEndsInAnEllipsisAfterAWholeWord() {
        #expect(lines.lines("Lufthansa Miles and More", width: 16, maxLines: 1) == ["Lufthansa Miles…"])
        #expect(lines.lines("Lufthansa Miles and More", width: 12, maxLines: 1) == ["Lufthansa…"])
    }

    @Test func aWordWiderThanTheLineStandsAlone() {
        #expect(lines.lines("Supercalifragilistic Club", width: 8, maxLines: 2) == ["Supercalifragilistic", "Club"])
    }

    @Test func ideographsBreakBetweenCharacters() {
        #expect(lines.lines("ファミリーマート", width: 4, maxLines: 2) == ["ファミリ", "ーマート"])
        #expect(TextLines.units(of: "ファミリー Tポイント").map(\.text).contains("T"))
    }

    @Test func aLastWordAloneTakesOneFromTheLineBefore() {
        // "Star a card to see it" / "here" becomes "Star a card to see" / "it here".
        #expect(lines.lines("Star a card to see it here", width: 21, maxLines: 3) == ["Star a card to see", "it here"])
    }
}
