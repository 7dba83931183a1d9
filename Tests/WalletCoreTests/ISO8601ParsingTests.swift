import Foundation
import Testing
import WalletCore

/// `ISO8601.parse` reads the form `ISO8601.format` writes without a formatter; it must agree
/// with `ISO8601DateFormatter` everywhere.
@Suite struct ISO8601ParsingTests {
    private func formatterParse(_ text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }

    @Test func agreesWithTheFormatterOnWholeSecondUTC() {
        let texts = [
            "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2024-02-29T12:00:00Z", "2026-11-22T09:30:00Z",
            "1969-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "1600-03-01T00:00:00Z",
        ]
        for text in texts {
            #expect(ISO8601.parse(text) == formatterParse(text), "\(text)")
            #expect(ISO8601.parse(text).map(ISO8601.format) == text)
        }
    }

    @Test func roundTripsFormattedDates() {
        var seconds: TimeInterval = 0
        while seconds < 4_000_000_000 {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601.parse(ISO8601.format(date)) == date)
            seconds += 86_399 * 37 + 17
        }
    }

    @Test func otherFormsStillParse() {
        #expect(ISO8601.parse("2026-11-22T10:30:00+01:00") == ISO8601.parse("2026-11-22T09:30:00Z"))
        #expect(ISO8601.parse("2026-11-22T09:30:00.250Z")?.timeIntervalSince1970 == 1_795_339_800.25)
        #expect(ISO8601.parse("2026-13-01T00:00:00Z") == nil)
        #expect(ISO8601.parse("yesterday") == nil)
    }

    @Test(arguments: [
        "2026-01-01T00:00:00+25:00", "2026-01-01T00:00:00+99:99", "2026-01-01T00:00:00+09:60",
        "2026-01-01T00:00:00+25:00garbage", "2026-01-01T00:00:00Zgarbage", "2026-01-01T00:00:00Z ",
        "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00+0100", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z",
        "2026-01-01T23:59:60Z", "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "+2026-01-01T00:00:00Z",
        "2026-01-01T00:00:00+01:00\u{0}", "2026-01-01T00:00:00.\u{663}Z",
    ])
    func impossibleOffsetsAndTrailingTextAreRefused(_ text: String) {
        #expect(ISO8601.parse(text) == nil, "\(text)")
    }

    @Test func offsetsAndFractionsAreReadExactly() {
        #expect(ISO8601.parse("2026-01-01T00:00:00+23:59") == ISO8601.parse("2025-12-31T00:01:00Z"))
        #expect(ISO8601.parse("2026-01-01T00:00:00-00:30") == ISO8601.parse("2026-01-01T00:30:00Z"))
        #expect(ISO8601.parse("2026-01-01T00:00:00.5z")?.timeIntervalSince1970 == 1_767_225_600.5)
        #expect(ISO8601.parse("2026-01-01t00:00:00.123456789123Z")?.timeIntervalSince1970 == 1_767_225_600.123456789)
    }
}
