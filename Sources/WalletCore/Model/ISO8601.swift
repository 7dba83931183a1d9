import Foundation

/// ISO 8601 parsing and formatting in one place (with or without fractional seconds).
public enum ISO8601 {
    /// Parses an RFC 3339 date-time: `2026-11-22T09:30:00Z`, `2026-11-22T09:30:00.250+01:00`.
    ///
    /// Strict, so that no date is stored other than as written: the calendar date must be real
    /// (the formatters rolled Feb 30 over into March), the year four digits, the time at most
    /// 23:59:59, the offset `Z` or `+HH:MM`/`-HH:MM` with at most 23:59 (a formatter read
    /// `+25:00` as 25 hours and `+99:99` as +09:00), nothing may follow (it accepted
    /// `...+01:00garbage`), and the moment must lie in the years 0001-9999 in UTC. Read without a formatter: importing 10,000 cards parses 30,000 dates.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 64, bytes[4] == 0x2D, bytes[7] == 0x2D,
            bytes[10] == 0x54 || bytes[10] == 0x74, bytes[13] == 0x3A, bytes[16] == 0x3A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard let (year, month, day) = CardDate.parts(String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 0x2E {
            // Nanoseconds at most: digits past the ninth are read but do not count.
            var nanoseconds = 0
            var scale = 100_000_000
            index += 1
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                nanoseconds += Int(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > digitsStart, index < bytes.count else { return nil }
            fraction = Double(nanoseconds) / 1_000_000_000
        }
        let offset: Int
        switch bytes[index] {
        case 0x5A, 0x7A:
            guard index + 1 == bytes.count else { return nil }
            offset = 0
        case 0x2B, 0x2D:
            guard index + 6 == bytes.count, bytes[index + 3] == 0x3A,
                let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6),
                hours < 24, minutes < 60
            else { return nil }
            offset = (bytes[index] == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let interval = TimeInterval(timegm(&parts) - offset) + fraction
        // A moment the years 0001-9999 (UTC) cannot write, as `0001-01-01T00:00:00+23:59` is,
        // would be stored as another date than the one written.
        guard writable.contains(interval) else { return nil }
        return Date(timeIntervalSince1970: interval)
    }

    /// The moments ``format(_:)`` writes to the whole second: 0001-01-01T00:00:00Z up to the end
    /// of 9999-12-31T23:59:59Z.
    private static let writable: Range<TimeInterval> = -62_135_596_800..<253_402_300_800

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
        let bounded = interval.isNaN ? 0 : min(max(interval, writable.lowerBound), writable.upperBound - 1)
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
