import Foundation

/// ISO 8601 parsing and formatting in one place (with or without fractional seconds).
public enum ISO8601 {
    /// Parses `2026-11-22T09:30:00Z`, `2026-11-22T09:30:00.250+01:00` and the like.
    ///
    /// The calendar date must be real and its year four digits: the formatters alone would
    /// roll Feb 30 over into March and accept years past 9999.
    public static func parse(_ text: String) -> Date? {
        if let date = parseUTCSeconds(text) { return date }
        guard text.utf8.count > 10, CardDate.isValid(String(decoding: text.utf8.prefix(10), as: UTF8.self)) else { return nil }
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// The exact form ``format(_:)`` writes, `YYYY-MM-DDTHH:MM:SSZ`, read without a formatter:
    /// importing 10,000 cards parses 30,000 dates, and creating formatters took 80% of it.
    /// Anything else (offsets, fractions, impossible dates, years before the Gregorian calendar
    /// where the formatters switch to Julian) is left to the formatters.
    private static func parseUTCSeconds(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
              bytes[16] == 0x3A, bytes[19] == 0x5A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              year >= 1600, (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard day >= 1, day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    /// Formats as `2026-11-22T09:30:00Z` (UTC, whole seconds), exactly as `ISO8601DateFormatter`
    /// does: the time is rounded to the millisecond, then its fraction dropped (09:29:59.9996
    /// is written 09:30:00).
    ///
    /// Written by hand: listing 10,000 cards formats 20,000 dates, and a formatter per call
    /// would dominate the run time.
    public static func format(_ date: Date) -> String {
        // Clamped to the years 0001-9999: `time_t(_:)` traps on NaN and beyond Int64, and
        // gmtime's year is an Int32. No date the wallet keeps lies outside.
        let interval = date.timeIntervalSince1970
        let bounded = interval.isNaN ? 0 : min(max(interval, -62_135_596_800), 253_402_300_799)
        var seconds = time_t(((bounded * 1000).rounded() / 1000).rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int32, at offset: Int, digits: Int) {
            var value = value
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(parts.tm_year + 1900, at: 0, digits: 4)
        put(parts.tm_mon + 1, at: 5, digits: 2)
        put(parts.tm_mday, at: 8, digits: 2)
        put(parts.tm_hour, at: 11, digits: 2)
        put(parts.tm_min, at: 14, digits: 2)
        put(parts.tm_sec, at: 17, digits: 2)
        for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
            bytes[offset] = UInt8(ascii: separator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
