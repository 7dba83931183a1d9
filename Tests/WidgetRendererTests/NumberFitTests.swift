import Testing

@testable import WidgetRenderer

/// Issue 37, item 7: a number shrinks to the floor before it breaks, and breaks at its most even
/// separator; never cut.
@Suite struct NumberFitTests {
    /// A column `width` points wide in a face whose every character is 0.6 em.
    private func column(_ width: Double) -> (String, Double) -> Bool {
        { text, size in Double(text.count) * 0.6 * size <= width }
    }

    @Test func aNumberThatFitsInSmallerTypeShrinksInsteadOfBreaking() {
        // 13 characters: 85.8 pt at 11 pt, 81.9 at 10.5.
        let fit = NumberFit.fit("FM-1029384756", largest: 11, floor: 10, step: 0.5, fits: column(83))
        #expect(fit == NumberFit(size: 10.5, lines: ["FM-1029384756"]))
        #expect(NumberFit.fit("FM-1029384756", largest: 11, floor: 10, step: 0.5, fits: column(90)).size == 11)
    }

    @Test func aNumberTooLongAtTheFloorBreaksAtItsMostEvenSeparatorAtTheLargestSize() {
        let fit = NumberFit.fit("COFFEE-2026-0042", largest: 11, floor: 10, step: 0.5, fits: column(93))
        #expect(fit == NumberFit(size: 11, lines: ["COFFEE-", "2026-0042"]))
        #expect(NumberFit.evenBreaks(of: "AB CD-EF").first == ["AB", "CD-EF"])
        #expect(NumberFit.evenBreaks(of: "ABCD-").isEmpty)
    }

    @Test func twoLinesShrinkToo() {
        // Each half of "123456-654321" is 7 or 6 characters: 7 x 0.6 x 10 = 42 pt.
        let fit = NumberFit.fit("123456-654321", largest: 11, floor: 10, step: 0.5, fits: column(42))
        #expect(fit == NumberFit(size: 10, lines: ["123456-", "654321"]))
    }

    @Test func aNumberWithoutSeparatorThatFitsNowhereStaysWholeAtTheFloor() {
        let fit = NumberFit.fit("12345678901234567890", largest: 16, floor: 10, step: 1, fits: column(50))
        #expect(fit == NumberFit(size: 10, lines: ["12345678901234567890"]))
    }
}
