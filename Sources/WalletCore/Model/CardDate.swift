import Foundation

/// Calendar dates as the wallet writes them (`YYYY-MM-DD`, a card's expiry): parsed, checked
/// and written by this one type, for validation and for every importer and exporter.
public enum CardDate {
    /// True for a real date in `YYYY-MM-DD` form (month 1-12, day within the month, leap years counted).
    public static func isValid(_ text: String) -> Bool {
        parts(text) != nil
    }

    /// Year, month and day of a real `YYYY-MM-DD` date, or nil.
    public static func parts(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard ("0"..."9").contains(scalars[index]) else { return nil }
                value = value * 10 + Int(scalars[index].value - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            year >= 1, (1...12).contains(month), day >= 1
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days ? (year, month, day) : nil
    }

    /// The start of the day `text` names in `timeZone`, or nil when it is not a real date.
    public static func date(_ text: String, in timeZone: TimeZone) -> Date? {
        guard let (year, month, day) = parts(text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// Whole calendar days from the day of `date` to the day `text` names (negative when past),
    /// both in `timeZone`; nil when `text` is not a real date.
    public static func days(from date: Date, to text: String, in timeZone: TimeZone) -> Int? {
        guard let target = self.date(text, in: timeZone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: target).day
    }

    /// `YYYY-MM-DD` for a year (1-9999), month and day.
    public static func string(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
